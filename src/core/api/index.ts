export * from './baseUrl';
export * from './client';
export * from './dispatcher';
export * from './errors';
export type { ExchangeRecord } from './exchange';
export * from './int64';
export * from './schemas';
