import type { ServiceDefinition } from '@dp/runtime';
import { migrations } from '../migrations';
import { createApp } from './app';
import { openapiConfig } from './config';
import { handlers } from './events';
import { refreshUrlSpecsJobs } from './jobs/refresh-url-specs';

export const openapiService: ServiceDefinition<typeof openapiConfig> = {
  context: 'openapi',
  config: openapiConfig,
  migrations,
  createApp,
  handlers,
  jobs: refreshUrlSpecsJobs,
};
