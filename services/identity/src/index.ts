import type { ServiceDefinition } from '@dp/runtime';
import { migrations } from '../migrations';
import { createApp } from './app';
import { identityConfig } from './config';
import { handlers } from './events';

export const identityService: ServiceDefinition<typeof identityConfig> = {
  context: 'identity',
  config: identityConfig,
  migrations,
  createApp,
  handlers,
};
