import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { escapeIdentifier, type ClientBase } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { AdminError } from '../errors';
import { qualified, readCatalog, tablesWithRows } from './catalog';
import { END_OF_ROWS, parseBetweenTables, parseHeader, type BackupHeader, type TableSection } from './format';
import { lines } from './lines';
import { planRestore } from './plan';

export interface RestoreDeployment {
  client: ClientBase;
  /** The schema and queue (the consumer its inbox names) of a context in this deployment, and the migrations its code knows (in order). */
  contextOf(context: string): { schema: string; queue: string; known: string[] };
  /** The event types each context's worker consumes. */
  subscriptions: Map<string, string[]>;
  /** Applies these migrations of the context (all it knows when `names` is absent). */
  migrate(context: string, names?: string[]): Promise<void>;
}

export interface RestoreSummary {
  contexts: Array<{ context: string; schema: string; tables: number; rows: number }>;
  tables: number;
  rows: number;
  sequences: number;
  /** Events published before the backup that a consuming context had not handled in it: published again. */
  republished: number;
  /** When the backup was taken, as its header says. */
  createdAt: string;
}

const incomplete = () => new AdminError('the backup is incomplete (it ends before its trailer): nothing was restored');
const BATCH_BYTES = 1 << 16;
const NEWLINE = Buffer.from('\n');

/** Streams one table's rows into COPY, up to the `\.` line; returns how many. */
async function loadTable(client: ClientBase, schema: string, table: TableSection, next: () => Promise<Buffer | undefined>): Promise<number> {
  let rows = 0;
  async function* batches(): AsyncGenerator<Buffer> {
    let batch: Buffer[] = [];
    let size = 0;
    for (;;) {
      const line = await next();
      if (line === undefined) throw incomplete();
      if (line.length === END_OF_ROWS.length && line.toString() === END_OF_ROWS) break;
      batch.push(line, NEWLINE);
      size += line.length + 1;
      rows++;
      if (size >= BATCH_BYTES) {
        yield Buffer.concat(batch);
        batch = [];
        size = 0;
      }
    }
    if (size) yield Buffer.concat(batch);
  }
  // pipeline ends COPY when the rows end, and on a failure of either side stops the other and rejects.
  await pipeline(Readable.from(batches()), client.query(copyFrom(`copy ${qualified(schema, table.name)} (${table.columns.map(escapeIdentifier).join(', ')}) from stdin`)));
  return rows;
}

/**
 * What the broker held when the backup was taken is not in it: an event published then and not yet handled by a
 * context that consumes it would be lost. Each inbox is renamed to the consumer this deployment's queue is, and
 * every published event (the outboxes keep them 72 hours) that a consuming context's inbox lacks is marked
 * unpublished, so the relays send it again; the contexts that did handle it ignore it by their inbox.
 */
async function resumeDelivery(client: ClientBase, header: BackupHeader, plan: Array<{ context: string; schema: string }>, deployment: RestoreDeployment): Promise<number> {
  for (const { context, schema } of plan) {
    const was = header.contexts.find((c) => c.context === context)!.queue;
    const queue = deployment.contextOf(context).queue;
    if (was !== queue) await client.query(`update ${qualified(schema, 'inbox')} set consumer = $1 where consumer = $2`, [queue, was]);
  }
  let republished = 0;
  for (const producer of plan) {
    for (const consumer of plan) {
      const types = deployment.subscriptions.get(consumer.context) ?? [];
      if (!types.length) continue;
      const { rowCount } = await client.query(
        `update ${qualified(producer.schema, 'outbox')} o set published_at = null
          where o.published_at is not null and o.type = any ($1)
            and not exists (select 1 from ${qualified(consumer.schema, 'inbox')} i where i.event_id = o.id::text and i.consumer = $2)`,
        [types, deployment.contextOf(consumer.context).queue],
      );
      republished += rowCount ?? 0;
    }
  }
  return republished;
}

/**
 * Restores a backup into a deployment whose schemas are empty: checks it all first (planRestore), migrates each
 * schema to the backup's level, loads every table and sets the sequences in one transaction (a file that is
 * cut short or does not add up leaves nothing behind), then runs the migrations the backup predates.
 */
export async function restoreBackup(input: AsyncIterable<Buffer>, deployment: RestoreDeployment): Promise<RestoreSummary> {
  const { client } = deployment;
  const reader = lines(input)[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await reader.next();
    return done ? undefined : value;
  };
  const header: BackupHeader = parseHeader((await next())?.toString());

  const targets = [];
  for (const { context } of header.contexts) {
    const { schema, known } = deployment.contextOf(context);
    const catalog = await readCatalog(client, schema);
    targets.push({ context, schema, known, applied: catalog.migrations, filled: await tablesWithRows(client, schema, catalog) });
  }
  const plan = planRestore(header, targets);
  for (const { context, migrations } of plan) await deployment.migrate(context, migrations);

  const schemaOf = new Map(plan.map(({ context, schema }) => [context, schema]));
  const loaded = new Map(plan.map(({ context, schema }) => [context, { context, schema, tables: 0, rows: 0 }]));
  await client.query('begin');
  try {
    for (;;) {
      const line = await next();
      if (line === undefined) throw incomplete();
      const between = parseBetweenTables(line.toString());
      if ('table' in between) {
        const schema = schemaOf.get(between.table.context);
        const counts = loaded.get(between.table.context);
        if (!schema || !counts) throw new AdminError(`the backup has rows for context "${between.table.context}", which its header does not list as migrated`);
        counts.rows += await loadTable(client, schema, between.table, next);
        counts.tables++;
        continue;
      }
      const { trailer } = between;
      const tables = [...loaded.values()].reduce((sum, c) => sum + c.tables, 0);
      const rows = [...loaded.values()].reduce((sum, c) => sum + c.rows, 0);
      if (trailer.tables !== tables || trailer.rows !== rows) {
        throw new AdminError(`the backup does not add up (its trailer says ${trailer.tables} tables and ${trailer.rows} rows; it holds ${tables} and ${rows}): nothing was restored`);
      }
      if ((await next()) !== undefined) throw new AdminError('the backup goes on after its trailer: nothing was restored');
      for (const sequence of trailer.sequences) {
        const schema = schemaOf.get(sequence.context);
        if (!schema) throw new AdminError(`the backup has a sequence of context "${sequence.context}", which its header does not list as migrated`);
        await client.query('select setval($1::regclass, $2::bigint, $3)', [qualified(schema, sequence.name), sequence.value, sequence.isCalled]);
      }
      const republished = await resumeDelivery(client, header, plan, deployment);
      await client.query('commit');
      for (const { context } of plan) await deployment.migrate(context);
      return { contexts: [...loaded.values()], tables, rows, sequences: trailer.sequences.length, republished, createdAt: header.createdAt };
    }
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
}
