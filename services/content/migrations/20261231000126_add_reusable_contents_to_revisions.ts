import { sqlMigration } from '@dp/db';

/**
 * A revision's reusable contents (the official RevisionReusableContent, docs/adr/0109): `{id, title, documentHash,
 * createdAt, updatedAt}` each, their markdown in `documents` like pages'. Revisions written before have none.
 */
export const addReusableContentsToRevisions = sqlMigration(
  '20261231000126_add_reusable_contents_to_revisions',
  `
      alter table revisions add column if not exists reusable_contents jsonb not null default '[]'::jsonb;
  `,
);
