export * from './types';
export * from './topic';
export * from './memory-bus';
export * from './amqp-bus';
export * from './relay';
export * from './consumer';
export * from './connect';
