import type { Migration } from '@dp/db';
import { createSpecs } from './20261122000401_create_specs';
import { specTextSource } from './20261201000401_spec_text_source';
import { specVersions } from './20261210000402_spec_versions';
import { specRefreshIndex } from './20261225000403_spec_refresh_index';

export const migrations: Migration[] = [createSpecs, specTextSource, specVersions, specRefreshIndex];
