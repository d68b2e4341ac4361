import type { ServiceDefinition } from '@dp/runtime';
import { migrations } from '../migrations';
import { createApp } from './app';
import { translationsConfig } from './config';
import { handlers } from './events';

export const translationsService: ServiceDefinition<typeof translationsConfig> = {
  context: 'translations',
  config: translationsConfig,
  migrations,
  createApp,
  handlers,
};
