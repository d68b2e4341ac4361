import type { Knex } from 'knex';
import type { Emit } from '@dp/bus';
import { newId } from '@dp/db';
import { OpenApiEvents } from '@dp/events';
import type { Logger } from '@dp/log';
import { findVersion, insertVersion } from '../data/versions';
import { findSpecById, lockSpecById, markInProgress, recordProcessed, type SpecRow } from '../data/specs';
import { processingFailureOf, type ProcessingFailure } from '../domain/processing-error';
import { specFetcher, type FetchLimits } from '../domain/spec-fetcher';
import { sameSource } from '../domain/spec-source';
import { SpecThreadFailed, SpecThreadsBusy, type SpecThreads } from '../threads/spec-threads';
import type { LoadedSpec, SpecLimits } from './load-spec';

export interface ProcessingDeps {
  /** The pool: `progress` is committed on its own, so readers see it while the run fetches. */
  db: Knex;
  /** The delivery's transaction (with its inbox row): the outcome is written here, all of it or nothing. */
  trx: Knex.Transaction;
  limits: FetchLimits;
  /** What parsing and validating may cost, and the threads that do it off this event loop (docs/adr/0058). */
  specLimits: SpecLimits;
  threads: SpecThreads;
  emit: Emit;
  log: Logger;
}

/**
 * One processing run of a spec (docs/adr/0042): mark it `progress`, fetch its source and external $refs
 * through the guarded client, parse and validate them, then, under the spec's row lock, make a version when
 * the files' hash differs from the latest version's. A failure records its code and message and keeps the
 * latest version. A source replaced while the run fetched is left to the run its replacement asked for.
 */
export async function processSpec({ db, trx, limits, specLimits, threads, emit, log }: ProcessingDeps, specId: string): Promise<void> {
  const spec = await findSpecById(db, specId);
  if (!spec) return; // deleted since the run was asked for
  await markInProgress(db, spec.id);
  const outcome = await loadOutcome(spec, limits, specLimits, threads, log);
  const current = await lockSpecById(trx, specId);
  if (!current) return;
  if (!sameSource(current, spec)) {
    log.info({ specId }, 'spec source replaced while it was processed; the replacement’s run records the outcome');
    return;
  }
  if ('failure' in outcome) {
    log.info({ specId, code: outcome.failure.code, reason: outcome.failure.message }, 'spec processing failed');
    await recordProcessed(trx, spec.id, { last_process_error_code: outcome.failure.code, last_process_error_message: outcome.failure.message });
    return;
  }
  const { files: filesystem, hash } = outcome;
  const latest = current.last_version_id ? await findVersion(trx, spec.id, current.last_version_id) : undefined;
  if (latest?.content_hash === hash) {
    await recordProcessed(trx, spec.id, { last_process_error_code: null, last_process_error_message: null });
    log.info({ specId }, 'spec processed: content unchanged, no new version');
    return;
  }
  const version = await insertVersion(trx, { id: newId(), spec_id: spec.id, content_hash: hash, filesystem, source_url: spec.source_url });
  await recordProcessed(trx, spec.id, { last_version_id: version.id, last_process_error_code: null, last_process_error_message: null });
  await emit(trx, OpenApiEvents.SPEC_VERSION_CREATED, { specId: spec.id, organizationId: spec.organization_id, slug: spec.slug, versionId: version.id }, spec.id);
  log.info({ specId, versionId: version.id }, 'spec processed: new version');
}

/**
 * Fetches and validates the spec's files, outside any transaction, in a worker thread that asks this loop for each
 * file; a failure is an outcome, not a throw, except no thread at all (busy), which is retried.
 */
async function loadOutcome(spec: SpecRow, limits: FetchLimits, specLimits: SpecLimits, threads: SpecThreads, log: Logger): Promise<LoadedSpec | { failure: ProcessingFailure }> {
  const source = spec.source_url !== null ? { url: spec.source_url } : { text: spec.source_text ?? '' };
  const fetcher = specFetcher(limits);
  try {
    return await threads.load(source, specLimits, fetcher.read);
  } catch (err) {
    // Not the spec's outcome: every thread is taken; the delivery fails and is retried later (docs/adr/0063).
    if (err instanceof SpecThreadsBusy) throw err;
    if (err instanceof SpecThreadFailed) log.error({ specId: spec.id, err: err.cause }, 'spec thread failed');
    return { failure: processingFailureOf(err, fetcher.firstFailure) };
  }
}
