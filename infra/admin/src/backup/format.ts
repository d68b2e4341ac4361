import Ajv from 'ajv';
import type { FromSchema } from 'json-schema-to-ts';
import { AdminError } from '../errors';

/**
 * The backup file (docs/adr/0110): gzip of lines. First a header (the contexts and the migrations each schema
 * had), then each table as a section line followed by its rows in PostgreSQL's COPY text format and a `\.`
 * line, then a trailer with the sequences and the totals. A file without its trailer is incomplete and is
 * refused as a whole.
 */
export const BACKUP_FORMAT = 'docs-platform-backup';
export const BACKUP_VERSION = 1;
/** Ends a table's rows: COPY's text format escapes every backslash in data, so no row is this line. */
export const END_OF_ROWS = '\\.';

const name = { type: 'string', minLength: 1, maxLength: 255 } as const;

const headerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['format', 'version', 'createdAt', 'postgres', 'contexts'],
  properties: {
    format: { const: BACKUP_FORMAT },
    version: { const: BACKUP_VERSION },
    createdAt: { type: 'string' },
    postgres: { type: 'string' },
    contexts: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['context', 'schema', 'queue', 'migrations'],
        // `queue`: the consumer its inbox names. `migrations`: those in knex_migrations (empty: never migrated).
        properties: { context: name, schema: name, queue: name, migrations: { type: 'array', items: name } },
      },
    },
  },
} as const;

const sectionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['table'],
  properties: {
    table: {
      type: 'object',
      additionalProperties: false,
      required: ['context', 'name', 'columns'],
      properties: { context: name, name, columns: { type: 'array', minItems: 1, items: name } },
    },
  },
} as const;

const trailerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['trailer'],
  properties: {
    trailer: {
      type: 'object',
      additionalProperties: false,
      required: ['sequences', 'tables', 'rows'],
      properties: {
        sequences: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['context', 'name', 'value', 'isCalled'],
            // `value` as text: a bigint sequence may pass 2^53.
            properties: { context: name, name, value: { type: 'string', pattern: '^-?[0-9]+$' }, isCalled: { type: 'boolean' } },
          },
        },
        tables: { type: 'integer', minimum: 0 },
        rows: { type: 'integer', minimum: 0 },
      },
    },
  },
} as const;

export type BackupHeader = FromSchema<typeof headerSchema>;
export type TableSection = FromSchema<typeof sectionSchema>['table'];
export type BackupTrailer = FromSchema<typeof trailerSchema>['trailer'];
export type SequenceValue = BackupTrailer['sequences'][number];

const ajv = new Ajv({ allErrors: false });
const isHeader = ajv.compile<BackupHeader>(headerSchema);
const isSection = ajv.compile<FromSchema<typeof sectionSchema>>(sectionSchema);
const isTrailer = ajv.compile<FromSchema<typeof trailerSchema>>(trailerSchema);

const json = (line: string, what: string): unknown => {
  try {
    return JSON.parse(line);
  } catch {
    throw new AdminError(`not a ${BACKUP_FORMAT} file: ${what} is not JSON`);
  }
};

export const headerLine = (header: BackupHeader): string => JSON.stringify(header);
export const sectionLine = (table: TableSection): string => JSON.stringify({ table });
export const trailerLine = (trailer: BackupTrailer): string => JSON.stringify({ trailer });

/** The first line of a backup, checked: an older or newer format is refused by name. */
export function parseHeader(line: string | undefined): BackupHeader {
  if (line === undefined) throw new AdminError(`not a ${BACKUP_FORMAT} file: it is empty`);
  const value = json(line, 'its first line');
  if (!isHeader(value)) {
    const found = value as { format?: unknown; version?: unknown } | null;
    if (found?.format === BACKUP_FORMAT && found.version !== BACKUP_VERSION) {
      throw new AdminError(`this backup is version ${String(found.version)} of the format; this CLI reads version ${BACKUP_VERSION}`);
    }
    throw new AdminError(`not a ${BACKUP_FORMAT} file: its header is not one (${ajv.errorsText(isHeader.errors)})`);
  }
  return value;
}

/** A line between tables: the next table's section, or the trailer that ends the file. */
export function parseBetweenTables(line: string): { table: TableSection } | { trailer: BackupTrailer } {
  const value = json(line, 'a section line');
  if (isSection(value)) return value;
  if (isTrailer(value)) return value;
  throw new AdminError(`not a ${BACKUP_FORMAT} file: a line between tables is neither a table nor the trailer`);
}
