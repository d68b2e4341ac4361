import { authorize, requireUser, type Asker } from '@dp/auth';
import { newId, isUniqueViolation } from '@dp/db';
import { IntegrationsEvents } from '@dp/events';
import { conflict, notFound } from '@dp/http';
import type { IdentityApi } from '../clients/identity';
import type { IntegrationsContext } from '../context';
import { findIntegrationByName, insertIntegration, lockIntegrationByName, updateIntegration, type IntegrationWithOwner, type IntegrationWrite } from '../data/integrations';
import { findOrganization, upsertOrganization } from '../data/organizations';
import {
  blockDomains,
  couldBeSubdomain,
  DEFAULT_RUNTIME,
  DEFAULT_TARGET,
  DEFAULT_VISIBILITY,
  nextVersion,
  publishOutcome,
  secretsAfterPublish,
} from '../domain/integration-rules';
import { newSigningSecret, parseSecretsKey, seal, sealSecrets } from '@dp/auth';
import type { PublishIntegrationBody } from '../schemas/integrations';

/**
 * Publishes an integration under `name`, or republishes it (version + 1). The publishing organization (id or
 * subdomain) must be one the caller administrates; a name owned by another organization is taken (409).
 * Each publish is the whole manifest: what it leaves out goes back to its default, except the write-only
 * secrets, which are kept unless new ones are sent.
 */
export async function publishIntegration(ctx: IntegrationsContext, identity: IdentityApi, who: Asker, name: string, input: PublishIntegrationBody): Promise<IntegrationWithOwner> {
  const { caller } = who;
  const userId = requireUser(caller);
  const organizationId = await resolveOrganization(identity, who, input.organization);
  authorize(caller, organizationId, 'admin', 'Organization');
  const key = parseSecretsKey(ctx.config.INTEGRATIONS_SECRETS_KEY, 'INTEGRATIONS_SECRETS_KEY');
  const copy = await findOrganization(ctx.db, organizationId);
  // Not heard of yet (created a moment ago, or before this context subscribed): read it from identity.
  const fresh = copy?.created_at ? undefined : await identity.organization(organizationId, who.on);

  await ctx.db
    .transaction(async (trx) => {
      if (fresh) await upsertOrganization(trx, { id: fresh.id, title: fresh.title, merge_rules: fresh.mergeRules, created_at: fresh.createdAt, title_at: new Date() });
      const existing = await lockIntegrationByName(trx, name);
      if (publishOutcome(existing && { organizationId: existing.organization_id }, organizationId) === 'taken') {
        throw conflict(`The integration name "${name}" is already taken by another organization`);
      }
      const blocks = input.blocks ?? [];
      const row: IntegrationWrite = {
        id: existing?.id ?? newId(),
        name,
        organization_id: organizationId,
        version: nextVersion(existing),
        runtime: input.runtime ?? DEFAULT_RUNTIME,
        title: input.title,
        description: input.description,
        summary: input.summary ?? null,
        icon: input.icon ?? null,
        preview_images: input.previewImages ?? [],
        visibility: input.visibility ?? DEFAULT_VISIBILITY,
        target: input.target ?? DEFAULT_TARGET,
        scopes: input.scopes,
        categories: input.categories ?? [],
        blocks,
        block_domains: blockDomains(blocks),
        content_sources: input.contentSources ?? [],
        external_links: input.externalLinks ?? [],
        configurations: input.configurations ?? {},
        script: input.script,
        // Sealed at rest (docs/adr/0043); the plaintext column stays empty.
        secrets: {},
        secrets_sealed: secretsAfterPublish(existing?.secrets_sealed, sealSecrets(key, input.secrets)),
        signing_secret_sealed: existing?.signing_secret_sealed ?? seal(key, newSigningSecret()),
        content_security_policy: input.contentSecurityPolicy ?? null,
        published_by: userId,
      };
      const saved = existing ? await updateIntegration(trx, existing.id, row) : await insertIntegration(trx, row);
      await ctx.emit(trx, IntegrationsEvents.INTEGRATION_PUBLISHED, { integrationId: saved.id, name, organizationId, version: saved.version }, saved.id);
    })
    .catch((err) => {
      // Two first publishes of one name raced: the loser finds it taken (or may simply publish again).
      if (isUniqueViolation(err)) throw conflict(`The integration "${name}" was published concurrently; try again`);
      throw err;
    });
  return (await findIntegrationByName(ctx.db, name))!;
}

/** The publishing organization's id: one of the caller's organizations, by id or by subdomain. */
async function resolveOrganization(identity: IdentityApi, who: Asker, organization: string): Promise<string> {
  if (who.caller.memberships[organization]) return organization;
  if (couldBeSubdomain(organization)) {
    const bySubdomain = await identity.organizationByHostname(organization, who.on);
    if (bySubdomain) return bySubdomain.id;
  }
  throw notFound('Organization');
}
