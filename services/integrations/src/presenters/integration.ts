import type { Caller } from '@dp/auth';
import type { Links } from '@dp/http';
import type { IntegrationWithOwner } from '../data/integrations';
import { integrationPermissions } from '../domain/integration-rules';
import { presentOwner } from './organization';

export const integrationPath = (name: string) => `/integrations/${encodeURIComponent(name)}`;

/** Integration JSON for `caller`. Never carries `script`, `secrets` nor `runtime` (not part of the object). */
export function presentIntegration(integration: IntegrationWithOwner, caller: Caller, links: Links) {
  const path = integrationPath(integration.name);
  const access = { organizationId: integration.organization_id, visibility: integration.visibility };
  return {
    object: 'integration' as const,
    name: integration.name,
    version: integration.version,
    title: integration.title,
    description: integration.description,
    ...(integration.summary ? { summary: integration.summary } : {}),
    // Published as base64; served back as images by GET .../assets/preview-images/{index}.
    previewImages: integration.preview_images.map((_, index) => links.api(`${path}/assets/preview-images/${index}`)),
    target: integration.target,
    // Nobody verifies integrations on this platform: false is the true value.
    verified: false,
    visibility: integration.visibility,
    scopes: integration.scopes,
    categories: integration.categories,
    blocks: integration.blocks,
    contentSources: integration.content_sources,
    configurations: integration.configurations,
    externalLinks: integration.external_links,
    owner: presentOwner(integration.owner, caller.memberships[integration.organization_id], links),
    urls: {
      location: links.api(path),
      ...(integration.icon ? { icon: links.api(`${path}/assets/icon`) } : {}),
      app: links.app(path),
      assets: links.api(`${path}/assets`),
      // Where the official runtime takes HTTP requests for the integration (`fetch` events to its script);
      // this platform delivers events and renders, but does not serve these requests yet (docs/adr/0043).
      publicEndpoint: links.api(`${path}/integration`),
      publicContentEndpoint: links.api(`${path}/integration`),
    },
    permissions: integrationPermissions(access, caller.memberships),
    ...(integration.content_security_policy !== null ? { contentSecurityPolicy: integration.content_security_policy } : {}),
  };
}
