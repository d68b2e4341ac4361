import { sqlMigration } from '@dp/db';

/** A space's language (the official Space.language, a TranslationLanguage): set by its editors or by translations. */
export const addLanguageToSpaces = sqlMigration(
  '20261230000125_add_language_to_spaces',
  `
      alter table spaces add column if not exists language text;
  `,
);
