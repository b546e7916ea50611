export * from './csv.ts';
export * from './events.ts';
export * from './gateways.ts';
export * from './order-rules.ts';
