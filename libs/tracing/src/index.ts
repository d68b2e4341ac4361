export * from './setup';
export * from './propagation';
export * from './http';
export * from './consume';
export type { Tracer } from '@opentelemetry/api';
