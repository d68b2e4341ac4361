import type { ServiceDefinition } from '@dp/runtime';
import { migrations } from '../migrations';
import { createApp } from './app';
import { contentConfig } from './config';
import { handlers } from './events';
import { purgeDeletedSpacesJob } from './jobs/purge-deleted-spaces';
import { runGitSyncsJob } from './jobs/run-git-syncs';

export const contentService: ServiceDefinition<typeof contentConfig> = {
  context: 'content',
  config: contentConfig,
  migrations,
  createApp,
  handlers,
  jobs: (deps) => [purgeDeletedSpacesJob(deps.config), runGitSyncsJob(deps)],
};
