import type { ServiceDefinition } from '@dp/runtime';
import { migrations } from '../migrations';
import { createApp } from './app';
import { sitesConfig } from './config';
import { handlers } from './events';
import { expireInsightEventsJob } from './jobs/expire-insight-events';

export const sitesService: ServiceDefinition<typeof sitesConfig> = {
  context: 'sites',
  config: sitesConfig,
  migrations,
  createApp,
  handlers,
  jobs: () => [expireInsightEventsJob],
};
export { startPublisher } from './publisher/start';
export { publisherConfig } from './publisher/config';
