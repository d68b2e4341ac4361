export * from './service';
export * from './run-main';
export * from './context';
