import type { Migration } from '@dp/db';
import { createTranslations } from './20261122000601_create_translations';
import { translationRuns } from './20261225000602_translation_runs';

export const migrations: Migration[] = [createTranslations, translationRuns];
