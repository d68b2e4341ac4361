export * from './service';
export * from './run-main';
export * from './context';
export * from './app';
export * from './service-clients';
