import type { Migration } from '@dp/db';
import { createSpecs } from './20261122000401_create_specs';
import { specTextSource } from './20261201000401_spec_text_source';

export const migrations: Migration[] = [createSpecs, specTextSource];
