import type { Caller } from '@dp/auth';
import { forbidden, notFound } from '@dp/http';
import type { Knex } from 'knex';
import { findInstallation } from '../data/installations';
import { findIntegrationByName, type IntegrationRow, type IntegrationWithOwner } from '../data/integrations';
import { canSee, isOwnerAdmin, visibleInstallationOrganizations, type IntegrationAccess } from '../domain/integration-rules';

export const accessOf = (integration: Pick<IntegrationRow, 'organization_id' | 'visibility'>): IntegrationAccess => ({
  organizationId: integration.organization_id,
  visibility: integration.visibility,
});

/** Loads an integration the caller may see: 404 when it does not exist or is private to an organization they are not in. */
export async function loadVisibleIntegration(db: Knex, caller: Caller, name: string): Promise<IntegrationWithOwner> {
  const integration = await findIntegrationByName(db, name);
  if (!integration || !canSee(accessOf(integration), caller.memberships)) throw notFound('Integration');
  return integration;
}

/**
 * Administration of an integration the caller can see takes the admin role in its owning organization:
 * 403 otherwise (its existence is no secret to them, so not a 404).
 */
export function requireOwnerAdmin(integration: Pick<IntegrationRow, 'name' | 'organization_id' | 'visibility'>, caller: Caller, doing: string): void {
  if (!isOwnerAdmin(accessOf(integration), caller.memberships)) {
    throw forbidden(`Only admins of the organization that owns integration ${integration.name} may ${doing}`);
  }
}

/**
 * An installation of an integration the caller may see, under the installations' visibility rule: the owning
 * organization's admins read every installation, anyone else those of their own organizations (404 otherwise).
 */
export async function loadVisibleInstallation(db: Knex, caller: Caller, name: string, installationId: string) {
  const integration = await loadVisibleIntegration(db, caller, name);
  const installation = await findInstallation(db, integration.id, installationId);
  const organizations = visibleInstallationOrganizations(caller.memberships);
  if (!installation || !organizations.includes(installation.organization_id)) throw notFound('Installation');
  return { integration, installation };
}
