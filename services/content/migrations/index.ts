import type { Migration } from '@dp/db';
import { createSpacesAndRevisions } from './20261122000101_create_spaces_and_revisions';
import { createCollections } from './20261122000102_create_collections';

export const migrations: Migration[] = [createSpacesAndRevisions, createCollections];
