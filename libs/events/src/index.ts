export * from './envelope';
export * from './catalog';
export * from './actor';
