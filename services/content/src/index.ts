import type { ServiceDefinition } from '@dp/runtime';
import { migrations } from '../migrations';
import { createApp } from './app';
import { contentConfig } from './config';
import { handlers } from './events';
import { purgeDeletedSpacesJob } from './jobs/purge-deleted-spaces';

export const contentService: ServiceDefinition<typeof contentConfig> = {
  context: 'content',
  config: contentConfig,
  migrations,
  createApp,
  handlers,
  jobs: ({ config }) => [purgeDeletedSpacesJob(config)],
};
