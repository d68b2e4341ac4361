export * from './space';
export * from './user';
