import { abilitiesOf, type Role } from '@dp/auth';
import { iso, type Links } from '@dp/http';
import type { SiteRow, SiteWithCounts } from '../data/sites';
import { siteAddresses } from '../domain/site-rules';

export const siteLocation = (links: Links, site: Pick<SiteRow, 'organization_id' | 'id'>) => links.api(`/orgs/${site.organization_id}/sites/${site.id}`);

/**
 * Site JSON for a caller with `role` in its organization. Not presented because the platform has no data
 * for them yet: `icon` (the favicon is in the customization), `ads` (no ads programme),
 * `gitSync`, `lastScanAt`, `styleguide`.
 */
export function presentSite(site: SiteWithCounts, role: Role | undefined, links: Links) {
  const addresses = siteAddresses(site, links.sites);
  return {
    object: 'site' as const,
    id: site.id,
    type: site.type,
    // There are no plans or billing on this platform, so no site is ever frozen down to another type.
    appliedType: site.type,
    title: site.title,
    ...(site.basename ? { basename: site.basename } : {}),
    ...(site.proxy ? { proxy: { origin: site.proxy, target: addresses.served } } : {}),
    ...(site.hostname ? { hostname: site.hostname } : {}),
    visibility: site.visibility,
    defaultLevel: site.default_level,
    permissions: sitePermissions(role),
    published: site.published,
    siteSpaces: Number(site.site_spaces_count),
    createdAt: iso(site.created_at)!,
    adaptiveContent: { enabled: site.adaptive_content_enabled },
    agentsContext: site.agents_context,
    // No plan catalogue exists on this platform: no premium feature is enabled by a plan, the list is empty.
    features: [] as never[],
    urls: {
      location: siteLocation(links, site),
      app: links.app(`/o/${site.organization_id}/sites/${site.id}`),
      preview: links.app(`/o/${site.organization_id}/sites/${site.id}/preview`),
      ...(addresses.published ? { published: addresses.published } : {}),
    },
  };
}

/**
 * `permissions` of a Site for a member with `role`. The sites service manages a site (settings, site spaces,
 * publishing) with `createContent`, so `admin` and `create` advertise that ability; editing the content
 * shown by the site is editing its spaces (`edit`); installing integrations is an organization admin's.
 */
export function sitePermissions(role: Role | null | undefined) {
  const a = abilitiesOf(role);
  return {
    view: a.view,
    access: a.view,
    edit: a.edit,
    create: a.createContent,
    admin: a.createContent,
    installIntegration: a.admin,
    viewAdaptiveSchema: a.view,
    editAdaptiveSchema: a.createContent,
  };
}
