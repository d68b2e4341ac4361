import type { Migration } from '@dp/db';
import { createSpecs } from './20261122000401_create_specs';

export const migrations: Migration[] = [createSpecs];
