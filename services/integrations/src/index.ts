import type { ServiceDefinition } from '@dp/runtime';
import { migrations } from '../migrations';
import { createApp } from './app';
import { sealLegacySecrets } from './commands/seal-secrets';
import { integrationsConfig } from './config';
import { handlers } from './events';
import { deliverEventsJobs } from './jobs/deliver-events';

export const integrationsService: ServiceDefinition<typeof integrationsConfig> = {
  context: 'integrations',
  config: integrationsConfig,
  migrations,
  createApp,
  handlers,
  prepare: sealLegacySecrets,
  jobs: deliverEventsJobs,
};
