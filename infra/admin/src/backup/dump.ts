import type { Writable } from 'node:stream';
import { escapeIdentifier, type ClientBase } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { qualified, readCatalog } from './catalog';
import { countLines } from './lines';
import { BACKUP_FORMAT, BACKUP_VERSION, END_OF_ROWS, headerLine, sectionLine, trailerLine, type SequenceValue } from './format';

export interface BackupSummary {
  contexts: Array<{ context: string; schema: string; migrated: boolean; tables: number; rows: number }>;
  tables: number;
  rows: number;
}

/** Resolves once `out` has taken the chunk, and rejects when it cannot (a full disk, a stream destroyed). */
const write = (out: Writable, chunk: string | Buffer) =>
  new Promise<void>((resolve, reject) => void out.write(chunk, (err) => (err ? reject(err) : resolve())));

/**
 * Writes every context's schema to `out` as one snapshot: a serializable, read-only, deferrable transaction on
 * one connection, so the outboxes and inboxes agree with the rows they describe across all contexts (the
 * transaction waits for a moment no concurrent write can make it inconsistent, then never blocks writers).
 */
export async function writeBackup(client: ClientBase, targets: Array<{ context: string; schema: string; queue: string }>, out: Writable): Promise<BackupSummary> {
  await client.query('begin isolation level serializable, read only, deferrable');
  try {
    const { rows: [{ server_version: postgres }] } = await client.query<{ server_version: string }>('show server_version');
    const catalogs = [];
    for (const target of targets) catalogs.push({ ...target, catalog: await readCatalog(client, target.schema) });
    await write(out, `${headerLine({
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      postgres,
      contexts: catalogs.map(({ context, schema, queue, catalog }) => ({ context, schema, queue, migrations: catalog.migrations ?? [] })),
    })}\n`);
    const summary: BackupSummary = { contexts: [], tables: 0, rows: 0 };
    const sequences: SequenceValue[] = [];
    for (const { context, schema, catalog } of catalogs) {
      let rows = 0;
      for (const table of catalog.tables) {
        await write(out, `${sectionLine({ context, name: table.name, columns: table.columns })}\n`);
        const columns = table.columns.map(escapeIdentifier).join(', ');
        for await (const chunk of client.query(copyTo(`copy (select ${columns} from ${qualified(schema, table.name)}) to stdout`)) as AsyncIterable<Buffer>) {
          rows += countLines(chunk);
          await write(out, chunk);
        }
        await write(out, `${END_OF_ROWS}\n`);
      }
      for (const name of catalog.sequences) {
        const { rows: [value] } = await client.query<{ value: string; is_called: boolean }>(`select last_value::text as value, is_called from ${qualified(schema, name)}`);
        sequences.push({ context, name, value: value.value, isCalled: value.is_called });
      }
      summary.contexts.push({ context, schema, migrated: catalog.migrations !== null, tables: catalog.tables.length, rows });
      summary.tables += catalog.tables.length;
      summary.rows += rows;
    }
    await write(out, `${trailerLine({ sequences, tables: summary.tables, rows: summary.rows })}\n`);
    await client.query('commit');
    return summary;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
}
