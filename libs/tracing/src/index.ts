export * from './setup';
export * from './propagation';
export * from './http';
export * from './spans';
export type { Tracer } from '@opentelemetry/api';
