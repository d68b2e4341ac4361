export * from './infra';
export * from './client';
export * from './contract';
export * from './routes';
export * from './sweep';
export * from './metrics';
export * from './connections';
export * from './schema-db';
