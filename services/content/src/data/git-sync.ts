import type { Knex } from 'knex';
import { newId } from '@dp/db';
import type { GitbookConfig } from '../domain/git-sync/gitbook-config';
import type { GitSyncDirection, GitSyncRunState, GitSyncStage } from '../domain/git-sync/run-state';

/** A space's connection to its repository (docs/adr/0107): the URL sealed, since it may hold credentials. */
export interface SpaceGitSyncRow {
  space_id: string;
  organization_id: string;
  installation_id: string;
  provider: 'github' | 'gitlab';
  repository_name: string;
  /** `host/path` of the repository (push-webhook.ts repositoryKey): what a push is matched by. */
  repository_key: string | null;
  url_sealed: string;
  ref: string;
  project_directory: string;
  tree_url: string | null;
  commit_url: string | null;
  /** The `.gitbook.yaml` the last import read, which exports follow (null: GitBook's defaults). */
  config: GitbookConfig | null;
  /** The revision and the commit the last sync left equal. */
  synced_revision_id: string | null;
  synced_commit_id: string | null;
  /** Who last connected the space: the user a push's import runs as. */
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface GitSyncRunRow {
  id: string;
  seq: string;
  space_id: string;
  organization_id: string;
  direction: GitSyncDirection;
  state: GitSyncRunState;
  stage: GitSyncStage | null;
  url_sealed: string;
  ref: string;
  project_directory: string;
  commit_message: string | null;
  standalone: boolean;
  force: boolean;
  created_by: string;
  created_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
  lease_until: Date | null;
  error: string | null;
  commit_id: string | null;
  revision_id: string | null;
  change_request_id: string | null;
}

export type NewSpaceGitSync = Pick<
  SpaceGitSyncRow,
  'space_id' | 'organization_id' | 'installation_id' | 'provider' | 'repository_name' | 'repository_key' | 'url_sealed' | 'ref' | 'project_directory' | 'tree_url' | 'commit_url' | 'created_by'
>;

/**
 * Records the repository a space syncs with. An import or export request keeps the installation id of an existing
 * connection; an installation (`replaceInstallation`) makes the connection its own.
 */
export async function upsertSpaceGitSync(db: Knex, row: NewSpaceGitSync, opts: { replaceInstallation?: boolean } = {}): Promise<SpaceGitSyncRow> {
  const { installation_id: _kept, ...changed } = row;
  const [saved] = await db<SpaceGitSyncRow>('space_git_syncs')
    .insert(row)
    .onConflict('space_id')
    .merge({ ...(opts.replaceInstallation ? row : changed), updated_at: db.fn.now() })
    .returning('*');
  return saved;
}

/** The space syncs with no repository any more: its connection is gone and its waiting runs are cancelled. */
export async function disconnectSpaceGitSync(db: Knex, spaceId: string): Promise<void> {
  await db('space_git_syncs').where({ space_id: spaceId }).delete();
  await db('git_sync_runs').where({ space_id: spaceId, state: 'queued' }).update({ state: 'cancelled', ended_at: db.fn.now(), error: 'the space was disconnected from its repository' });
}

export const findSpaceGitSync = (db: Knex, spaceId: string) => db<SpaceGitSyncRow>('space_git_syncs').where({ space_id: spaceId }).first();

export async function recordSynced(db: Knex, spaceId: string, synced: { revisionId: string; commitId: string; config?: GitbookConfig }): Promise<void> {
  await db('space_git_syncs')
    .where({ space_id: spaceId })
    .update({ synced_revision_id: synced.revisionId, synced_commit_id: synced.commitId, ...(synced.config ? { config: JSON.stringify(synced.config) } : {}), updated_at: db.fn.now() });
}

export type NewGitSyncRun = Pick<GitSyncRunRow, 'id' | 'space_id' | 'organization_id' | 'direction' | 'url_sealed' | 'ref' | 'project_directory' | 'commit_message' | 'standalone' | 'force' | 'created_by'>;

/** The channel a run queued in `schema` is announced on (at commit), which wakes the workers. */
export const gitSyncChannel = (schema: string) => `git_sync_${schema}`;

export async function insertGitSyncRun(db: Knex, row: NewGitSyncRun): Promise<GitSyncRunRow> {
  const [inserted] = await db<GitSyncRunRow>('git_sync_runs').insert(row).returning('*');
  await db.raw("select pg_notify('git_sync_' || current_schema(), '')");
  return inserted;
}

/** Queues a run of `direction` with what the space syncs with now: its URL, branch and directory. */
export const queueSyncRun = (db: Knex, sync: SpaceGitSyncRow, run: { direction: GitSyncDirection; createdBy: string; commitMessage?: string }) =>
  insertGitSyncRun(db, {
    id: newId(),
    space_id: sync.space_id,
    organization_id: sync.organization_id,
    direction: run.direction,
    url_sealed: sync.url_sealed,
    ref: sync.ref,
    project_directory: sync.project_directory,
    commit_message: run.commitMessage ?? null,
    standalone: false,
    force: false,
    created_by: run.createdBy,
  });

/** Runs of a space queued or running. */
export async function countActiveGitSyncRuns(db: Knex, spaceId: string): Promise<number> {
  const [{ count }] = await db('git_sync_runs').where({ space_id: spaceId }).whereIn('state', ['queued', 'running']).count<{ count: string }[]>({ count: '*' });
  return Number(count);
}

/** A run of the space in `direction` waits in the queue. */
export const hasQueuedRun = async (db: Knex, spaceId: string, direction: GitSyncDirection) => (await db('git_sync_runs').where({ space_id: spaceId, direction, state: 'queued' }).first('id')) !== undefined;

/** The spaces synced with one of these repositories (repository keys) on `ref`. */
export const syncsOfRepository = (db: Knex, keys: string[], ref: string) => db<SpaceGitSyncRow>('space_git_syncs').whereIn('repository_key', keys).where({ ref });

export const latestGitSyncRun = (db: Knex, spaceId: string) => db<GitSyncRunRow>('git_sync_runs').where({ space_id: spaceId }).orderBy('seq', 'desc').first();

/**
 * Takes up to `limit` queued runs to run now, each leased for `leaseMs`, fairly: each organization's oldest run
 * first (its next ones after every other organization's first), so one organization queuing many cannot hold
 * the others back. At most one run per space and none of a space with a run still running, so a space's runs
 * happen one at a time in the order asked. Replicas may claim at once: a run moves from queued once, by one.
 */
export async function claimGitSyncRuns(db: Knex, limit: number, leaseMs: number): Promise<GitSyncRunRow[]> {
  if (limit <= 0) return [];
  const { rows } = await db.raw<{ rows: GitSyncRunRow[] }>(
    `update git_sync_runs set state = 'running', started_at = now(), lease_until = now() + make_interval(secs => ? / 1000.0)
      where state = 'queued' and id in (
        select id from (
          select r.id, r.seq, row_number() over (partition by r.organization_id order by r.seq) as turn
            from git_sync_runs r
           where r.state = 'queued'
             and not exists (select 1 from git_sync_runs o where o.space_id = r.space_id and (o.state = 'running' or (o.state = 'queued' and o.seq < r.seq)))
        ) due
        order by turn, seq
        limit ?)
      returning *`,
    [leaseMs, limit],
  );
  return rows.sort((a, b) => Number(a.seq) - Number(b.seq));
}

export async function setGitSyncStage(db: Knex, id: string, stage: GitSyncStage): Promise<void> {
  await db('git_sync_runs').where({ id, state: 'running' }).update({ stage });
}

/** Ends a running run; false when it was not running any more (its lease ran out and it was ended as such). */
export async function endGitSyncRun(
  db: Knex,
  id: string,
  outcome: { state: Exclude<GitSyncRunState, 'queued' | 'running'>; error?: string; commit_id?: string; revision_id?: string; change_request_id?: string },
): Promise<boolean> {
  return (await db('git_sync_runs').where({ id, state: 'running' }).update({ ...outcome, ended_at: db.fn.now(), lease_until: null })) > 0;
}

/** Running runs whose lease passed (their worker stopped): ended as `timeout`, with `reason`. */
export async function timeOutAbandonedRuns(db: Knex, reason: string): Promise<GitSyncRunRow[]> {
  return db<GitSyncRunRow>('git_sync_runs')
    .where({ state: 'running' })
    .where('lease_until', '<', db.fn.now())
    .update({ state: 'timeout', error: reason, ended_at: db.fn.now(), lease_until: null })
    .returning('*');
}

/** The number of a change request an import opened (both sides had changed) that is still open, if any. */
export async function openImportChangeRequest(db: Knex, spaceId: string): Promise<number | undefined> {
  const row = await db('git_sync_runs as r')
    .join('change_requests as c', 'c.id', 'r.change_request_id')
    .where('r.space_id', spaceId)
    .whereIn('c.status', ['draft', 'open'])
    .first<{ number: number } | undefined>('c.number');
  return row?.number;
}
