export * from './service';
export * from './run-main';
