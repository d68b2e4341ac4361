export * from './organization';
export * from './space';
export * from './user';
