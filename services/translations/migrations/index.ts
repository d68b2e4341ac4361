import type { Migration } from '@dp/db';
import { createTranslations } from './20261122000601_create_translations';

export const migrations: Migration[] = [createTranslations];
