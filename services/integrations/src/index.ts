import type { ServiceDefinition } from '@dp/runtime';
import { migrations } from '../migrations';
import { createApp } from './app';
import { integrationsConfig } from './config';
import { handlers } from './events';

export const integrationsService: ServiceDefinition<typeof integrationsConfig> = {
  context: 'integrations',
  config: integrationsConfig,
  migrations,
  createApp,
  handlers,
};
