export * from './infra';
export * from './client';
export * from './contract';
