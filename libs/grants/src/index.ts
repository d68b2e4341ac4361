export * from './grantee';
export * from './default-level';
export * from './grant-store';
export * from './directory';
export * from './grant-commands';
export * from './grant-router';
export * from './schemas';
export * from './holder-handlers';
