import { sqlMigration } from '@dp/db';

/** The language of each space as content describes it (Space.language): what a published page declares. */
export const addLanguageToSpaceCopies = sqlMigration(
  '20261230000392_add_language_to_space_copies',
  `
      alter table space_copies add column if not exists language text;
  `,
);
