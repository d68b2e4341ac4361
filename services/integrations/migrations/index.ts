import type { Migration } from '@dp/db';
import { createIntegrations } from './20261122000501_create_integrations';
import { eventDelivery } from './20261225000502_event_delivery';
import { targetInstallations } from './20261225000503_target_installations';
import { addMergeRulesToOrganizations } from './20261229000504_add_merge_rules_to_organizations';

export const migrations: Migration[] = [createIntegrations, eventDelivery, targetInstallations, addMergeRulesToOrganizations];
