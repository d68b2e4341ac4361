import type { Migration } from '@dp/db';
import { createSpacesAndRevisions } from './20261122000101_create_spaces_and_revisions';

export const migrations: Migration[] = [createSpacesAndRevisions];
