import type { Migration } from '@dp/db';

export const migrations: Migration[] = [];
