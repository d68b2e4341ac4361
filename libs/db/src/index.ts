export * from './connect';
export * from './migrate';
export * from './outbox';
export * from './inbox';
export * from './ids';
export * from './prepared';
export * from './paginate';
export * from './write';
