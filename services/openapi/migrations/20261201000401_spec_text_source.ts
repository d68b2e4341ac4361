import { sqlMigration } from '@dp/db';

/** A spec's source is a URL or the specification as text (the official OpenAPISpecSource `{text}`). */
export const specTextSource = sqlMigration(
  '20261201000401_spec_text_source',
  `
      alter table specs add column if not exists source_text text;
      alter table specs alter column source_url drop not null;
      alter table specs drop constraint if exists specs_one_source;
      alter table specs add constraint specs_one_source check ((source_url is null) <> (source_text is null));
    `,
);
