export * from './account/permissions.ts';
export * from './account/trial.ts';
export * from './shared/version.ts';
