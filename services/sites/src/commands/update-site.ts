import { authorizeRole, type Caller, type Role } from '@dp/auth';
import { SitesEvents } from '@dp/events';
import { badRequest, conflict } from '@dp/http';
import type { SitesContext } from '../context';
import { findSite, hostnameTakenByAnotherSite, proxyTakenByAnotherSite, updateSite, type SiteRow, type SiteWithCounts } from '../data/sites';
import { isPlatformHost, SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';
import { applySiteDefaults } from './site-defaults';
import { isUniqueViolation } from '@dp/db';

export interface SitePatch {
  title?: string;
  visibility?: string;
  basename?: string;
  adaptiveContent?: { enabled: boolean };
  agentsContext?: string;
  defaultSiteSpace?: string;
  defaultSiteSection?: string;
  proxy?: string | null;
  hostname?: string | null;
  defaultLevel?: Role | 'inherit' | null;
}

/** Patch fields stored as columns of the site. */
const COLUMNS = {
  title: (p: SitePatch) => ({ title: p.title }),
  visibility: (p: SitePatch) => ({ visibility: p.visibility }),
  basename: (p: SitePatch) => ({ basename: p.basename }),
  adaptiveContent: (p: SitePatch) => ({ adaptive_content_enabled: p.adaptiveContent!.enabled }),
  agentsContext: (p: SitePatch) => ({ agents_context: p.agentsContext }),
  defaultLevel: (p: SitePatch) => ({ default_level: p.defaultLevel ?? null }),
  proxy: (p: SitePatch) => ({ proxy: p.proxy ?? null }),
  // A new hostname has not been checked yet (docs/adr/0092).
  hostname: (p: SitePatch) => ({ hostname: p.hostname ?? null, hostname_status: null, hostname_checked_at: null }),
} satisfies Partial<Record<keyof SitePatch, (p: SitePatch) => Partial<SiteRow>>>;

export async function updateSiteSettings(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, patch: SitePatch): Promise<{ site: SiteWithCounts; role: Role }> {
  const fields = Object.keys(patch) as Array<keyof SitePatch>;
  return ctx.db.transaction(async (trx) => {
    const { site, role } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    // Who else sees the site by default is an admin's to say, as on spaces (docs/adr/0101).
    if (patch.defaultLevel !== undefined) authorizeRole(role, 'admin', 'Site');
    await applySiteDefaults(trx, site, patch);
    if (patch.proxy && (await proxyTakenByAnotherSite(trx, patch.proxy, site.id))) throw conflict(`body.proxy: ${patch.proxy} is already the proxy of another site`);
    if (patch.hostname && isPlatformHost(patch.hostname, [ctx.config.PUBLIC_URL, ctx.config.APP_URL, ctx.config.SITES_PUBLIC_URL])) throw badRequest(`body.hostname: ${patch.hostname} is this platform's own host`);
    if (patch.hostname && (await hostnameTakenByAnotherSite(trx, patch.hostname, site.id))) throw conflict(taken(patch.hostname));
    const row = Object.assign({}, ...fields.filter((f): f is keyof typeof COLUMNS => f in COLUMNS).map((f) => COLUMNS[f](patch)));
    try {
      await updateSite(trx, site.id, row);
    } catch (err) {
      // Two sites claiming the same proxy or hostname at once: the unique index decides, the loser gets the same 409.
      if (isUniqueViolation(err)) throw conflict(patch.hostname ? taken(patch.hostname) : `body.proxy: ${patch.proxy} is already the proxy of another site`);
      throw err;
    }
    const updated = (await findSite(trx, organizationId, site.id))!;
    await ctx.emit(trx, SitesEvents.SITE_UPDATED, { siteId: site.id, organizationId, title: updated.title, visibility: updated.visibility, changed: fields }, site.id);
    return { site: updated, role };
  });
}

const taken = (hostname: string) => `body.hostname: ${hostname} is already the hostname of another site`;
