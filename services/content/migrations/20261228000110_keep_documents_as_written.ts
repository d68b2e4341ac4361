import { sqlMigration } from '@dp/db';

/**
 * A page written as a GitBook JSON document keeps that document as written beside the markdown made of it
 * (docs/adr/0072); rows written as markdown have none. Nullable, so existing rows are untouched.
 */
export const keepDocumentsAsWritten = sqlMigration('20261228000110_keep_documents_as_written', 'alter table documents add column if not exists document jsonb');
