import type { Migration } from '@dp/db';
import { createSitesSiteSpacesAndSpaceCopies } from './20261122000301_create_sites_site_spaces_and_space_copies';
import { addCountsToSpaceCopies } from './20261122000302_add_counts_to_space_copies';
import { createShareLinks } from './20261122000303_create_share_links';

export const migrations: Migration[] = [createSitesSiteSpacesAndSpaceCopies, addCountsToSpaceCopies, createShareLinks];
