export * from './errors';
export * from './app';
export * from './validate';
export * from './pagination';
export * from './listen';
export * from './urls';
export * from './schemas';
export * from './health';
