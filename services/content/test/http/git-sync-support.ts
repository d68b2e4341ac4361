import { createLogger } from '@dp/log';
import type { Component } from '@dp/testing';
import type { ContentConfig } from '../../src/config';
import { gitThreadsOf, pollGitSyncs } from '../../src/jobs/run-git-syncs';
import type { GitThreads } from '../../src/commands/run-git-sync';

/** Runs every queued Git Sync run as the content worker would, one poll after another, until none is left. */
export async function drainGitSyncs(api: Pick<Component<ContentConfig>, 'db' | 'config'>, threads: GitThreads): Promise<void> {
  const deps = { db: api.db, config: api.config, log: createLogger('git-sync-test', 'silent') };
  for (let started = await pollGitSyncs(deps, threads, 2); started.length; started = await pollGitSyncs(deps, threads, 2)) await Promise.all(started);
}

/** The worker's git threads for a file's runs: made once its app is up, closed after its tests. Call at the top of the file. */
export function gitThreadsForFile(api: Pick<Component<ContentConfig>, 'config'>): () => GitThreads {
  let threads: GitThreads | undefined;
  beforeAll(() => {
    threads = gitThreadsOf(api.config);
  });
  afterAll(() => threads?.close());
  return () => {
    if (!threads) throw new Error('gitThreadsForFile: asked for the threads before the beforeAll hook ran');
    return threads;
  };
}
