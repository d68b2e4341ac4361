import type { Migration } from '@dp/db';
import { createSitesSiteSpacesAndSpaceCopies } from './20261122000301_create_sites_site_spaces_and_space_copies';
import { addCountsToSpaceCopies } from './20261122000302_add_counts_to_space_copies';
import { createShareLinks } from './20261122000303_create_share_links';
import { addVersionToSpaceCopies } from './20261124000304_add_version_to_space_copies';
import { createSiteSectionsAndSectionGroups } from './20261210000305_create_site_sections_and_section_groups';
import { addSectionsAndOrderToSiteSpaces } from './20261210000306_add_sections_and_order_to_site_spaces';
import { createSiteAdaptiveSchemas } from './20261210000310_create_site_adaptive_schemas';
import { createSitePublishingAuth } from './20261210000320_create_site_publishing_auth';
import { createSiteCustomizations } from './20261210000330_create_site_customizations';
import { createSiteRedirects } from './20261210000340_create_site_redirects';
import { addHostnameToSites } from './20261210000350_add_hostname_to_sites';
import { addHostnameStatusToSites } from './20261210000360_add_hostname_status_to_sites';
import { createSiteInsightEvents } from './20261210000370_create_site_insight_events';
import { createSitePermissions } from './20261210000380_create_site_permissions';
import { defaultLevelsMayBeNoAccess } from './20261210000390_default_levels_may_be_no_access';
import { addMergeRulesToSpaceCopies } from './20261229000391_add_merge_rules_to_space_copies';

export const migrations: Migration[] = [createSitesSiteSpacesAndSpaceCopies, addCountsToSpaceCopies, createShareLinks, addVersionToSpaceCopies, createSiteSectionsAndSectionGroups, addSectionsAndOrderToSiteSpaces, createSiteAdaptiveSchemas, createSitePublishingAuth, createSiteCustomizations, createSiteRedirects, addHostnameToSites, addHostnameStatusToSites, createSiteInsightEvents, createSitePermissions, defaultLevelsMayBeNoAccess, addMergeRulesToSpaceCopies];
