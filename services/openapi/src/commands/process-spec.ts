import type { Knex } from 'knex';
import type { Emit } from '@dp/bus';
import { newId } from '@dp/db';
import { OpenApiEvents } from '@dp/events';
import type { Logger } from '@dp/log';
import { findVersion, insertVersion } from '../data/versions';
import { lockSpecById, recordProcessed } from '../data/specs';
import { contentHash } from '../domain/content-hash';
import { processingFailureOf } from '../domain/processing-error';
import { specFetcher, type FetchLimits } from '../domain/spec-fetcher';
import { loadSpec } from './load-spec';

/**
 * One processing run of a spec (docs/adr/0042): fetch its source and external $refs through the guarded
 * client, parse and validate them, and make a version when the files' hash differs from the latest version's.
 * A failure records its code and message and keeps the latest version. Runs in the consumer's transaction,
 * so a run leaves all of it or nothing.
 */
export async function processSpec(trx: Knex.Transaction, specId: string, limits: FetchLimits, emit: Emit, log: Logger): Promise<void> {
  const spec = await lockSpecById(trx, specId);
  if (!spec) return; // deleted since the run was asked for
  const source = spec.source_url !== null ? { url: spec.source_url } : { text: spec.source_text ?? '' };
  const fetcher = specFetcher(limits);
  let filesystem: Record<string, unknown>;
  try {
    filesystem = await loadSpec(source, fetcher);
  } catch (err) {
    const failure = processingFailureOf(err, fetcher.firstFailure);
    log.info({ specId, code: failure.code, reason: failure.message }, 'spec processing failed');
    await recordProcessed(trx, spec.id, { last_process_error_code: failure.code, last_process_error_message: failure.message });
    return;
  }
  const hash = contentHash(filesystem);
  const latest = spec.last_version_id ? await findVersion(trx, spec.id, spec.last_version_id) : undefined;
  if (latest?.content_hash === hash) {
    await recordProcessed(trx, spec.id, { last_process_error_code: null, last_process_error_message: null });
    return;
  }
  const version = await insertVersion(trx, { id: newId(), spec_id: spec.id, content_hash: hash, filesystem, source_url: spec.source_url });
  await recordProcessed(trx, spec.id, { last_version_id: version.id, last_process_error_code: null, last_process_error_message: null });
  await emit(trx, OpenApiEvents.SPEC_VERSION_CREATED, { specId: spec.id, organizationId: spec.organization_id, slug: spec.slug, versionId: version.id }, spec.id);
}
