export * from './space';
