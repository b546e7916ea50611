export * from './accounts.ts';
export * from './catalog.ts';
export * from './domains.ts';
export * from './funnels.ts';
export * from './mail.ts';
export * from './templates.ts';
