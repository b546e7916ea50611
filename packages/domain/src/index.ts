export * from './account/contracts.ts';
export * from './shared/envelope.ts';
