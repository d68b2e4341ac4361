import type { Role } from '@dp/auth';
import type { Links } from '@dp/http';
import type { SiteWithCounts } from '../data/sites';
import type { SiteStructure } from '../queries/site-structure';
import type { JsonObject } from '../domain/customization';
import { presentSite } from './site';
import { presentSiteSection } from './site-section';
import { presentSiteSectionGroup } from './site-section-group';
import { presentSiteSpace } from './site-space';

/**
 * The published profile of a site (official `PublishedContentSite`): the site, its structure in order (its
 * sections and section groups, or its site spaces when it has no sections), the customization settings a
 * renderer draws it with (the site's, and each site space's with its overrides), and
 * the integration scripts the published site loads (none: no integration injects site scripts on this
 * platform yet). `shareKey`: an active share link's key, carried by every `urls.published`.
 */
export function presentPublishedSite(
  site: SiteWithCounts,
  role: Role | undefined,
  structure: SiteStructure,
  customizations: { site: JsonObject; siteSpaces: Record<string, JsonObject> },
  links: Links,
  shareKey?: string,
) {
  return {
    object: 'published-content-site' as const,
    site: presentSite(site, role, links),
    structure:
      structure.type === 'siteSpaces'
        ? { type: 'siteSpaces' as const, structure: structure.siteSpaces.map((s) => presentSiteSpace(s, site, role, links, shareKey)) }
        : {
            type: 'sections' as const,
            structure: structure.items.map((item) =>
              item.kind === 'section' ? presentSiteSection(item, site, role, links, shareKey) : presentSiteSectionGroup(item, site, role, links, shareKey),
            ),
          },
    customizations,
    scripts: [] as never[],
  };
}
