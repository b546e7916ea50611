export * from './account/permissions.ts';
