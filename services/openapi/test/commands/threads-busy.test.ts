import { newId, migrate } from '@dp/db';
import { HttpError } from '@dp/http';
import { createLogger } from '@dp/log';
import { schemaForFile } from '@dp/testing';
import { migrations } from '../../migrations';
import type { SpecLimits } from '../../src/commands/load-spec';
import { processSpec } from '../../src/commands/process-spec';
import { findSpecById, insertSpecIfSlugFree, recordProcessed, updateSpecVisibility } from '../../src/data/specs';
import { insertVersion } from '../../src/data/versions';
import { publishedSpec } from '../../src/queries/published-spec';
import { specThreads, SpecThreadsBusy } from '../../src/threads/spec-threads';

/**
 * Every spec thread taken and OPENAPI_THREAD_QUEUE specs waiting (docs/adr/0063): one more is not the spec's
 * fault. A processing run fails (its delivery is retried later) and records nothing; a published version is a 503.
 */
const { db, schema } = schemaForFile('spbusy', 'openapi');
const ROOT = 'http://specs.test/openapi.json';
const SMALL = { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {} };
const NO_BUDGET: SpecLimits = { maxAliases: 100, maxDocumentBytes: 100_000_000, maxDereferencedNodes: Number.MAX_SAFE_INTEGER };
const log = createLogger('openapi-test', 'silent');

beforeAll(() => migrate(db, schema, migrations));

/** Spec threads with one thread and no room to wait, the thread held by a spec whose file takes a while to come. */
function heldThreads() {
  const threads = specThreads({ timeoutMs: 10_000, memoryMb: 256, concurrency: 1, queue: 0 });
  const held = threads.load({ url: ROOT }, NO_BUDGET, async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    return Buffer.from(JSON.stringify(SMALL));
  });
  return { threads, held };
}

test('When no spec thread is free and none may wait, Then a processing run fails as busy and records no outcome', async () => {
  const organizationId = newId();
  const spec = await insertSpecIfSlugFree(db, { id: newId(), organization_id: organizationId, slug: 'pets', source_url: null, source_text: JSON.stringify(SMALL), processing_state: 'pending', created_by: newId() });
  const { threads, held } = heldThreads();
  const run = db.transaction((trx) => processSpec({ db, trx, limits: { allow: [], timeoutMs: 5_000, maxBytes: 1_000_000, maxFiles: 5 }, specLimits: NO_BUDGET, threads, emit: async () => undefined, log }, spec!.id));
  await expect(run).rejects.toBeInstanceOf(SpecThreadsBusy);
  const after = await findSpecById(db, spec!.id);
  expect({ code: after?.last_process_error_code, version: after?.last_version_id }).toEqual({ code: null, version: null });
  await held;
});

test('When no spec thread is free and none may wait, Then the first read of a published version is a 503 saying so', async () => {
  const organizationId = newId();
  const spec = await insertSpecIfSlugFree(db, { id: newId(), organization_id: organizationId, slug: 'shop', source_url: ROOT, source_text: null, processing_state: 'complete', created_by: newId() });
  const version = await insertVersion(db, { id: newId(), spec_id: spec!.id, content_hash: 'h', filesystem: { [ROOT]: SMALL }, source_url: ROOT });
  await recordProcessed(db, spec!.id, { last_version_id: version.id, last_process_error_code: null, last_process_error_message: null });
  await updateSpecVisibility(db, organizationId, 'shop', 'public');
  const { threads, held } = heldThreads();
  const read = publishedSpec({ db, threads, maxAliases: 100 }, organizationId, 'shop', 'json');
  await expect(read).rejects.toBeInstanceOf(HttpError);
  await expect(read).rejects.toMatchObject({ status: 503, message: expect.stringMatching(/could not be prepared: Too many specifications/) });
  await held;
});
