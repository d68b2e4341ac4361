import type { ServiceDefinition } from '@dp/runtime';
import { migrations } from '../migrations';
import { createApp } from './app';
import { openapiConfig } from './config';
import { handlers } from './events';

export const openapiService: ServiceDefinition<typeof openapiConfig> = {
  context: 'openapi',
  config: openapiConfig,
  migrations,
  createApp,
  handlers,
};
