import type { ServiceDefinition } from '@dp/runtime';
import { migrations } from '../migrations';
import { createApp } from './app';
import { contentConfig } from './config';
import { handlers } from './events';
import { boundImmutableCaches } from './data/immutable-cache';
import { purgeDeletedSpacesJob } from './jobs/purge-deleted-spaces';
import { runGitSyncsJob } from './jobs/run-git-syncs';

export const contentService: ServiceDefinition<typeof contentConfig> = {
  context: 'content',
  config: contentConfig,
  migrations,
  createApp,
  // The worker reads revisions too (search, links, Git Sync): its caches get the same budget as the api's.
  handlers: (deps) => {
    boundImmutableCaches(deps.db, deps.config.CONTENT_CACHE_MB);
    return handlers();
  },
  jobs: (deps) => [purgeDeletedSpacesJob(deps.config), runGitSyncsJob(deps)],
};
