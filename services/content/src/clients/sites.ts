import type { PublishedUrlResponse, SiteAccess } from '@dp/contracts';
import { forbidden, HttpError, notFound, type OnBehalfOf, type ServiceRequest } from '@dp/http';


export interface SitesApi {
  /**
   * Where a space is published, from the sites service (never its schema): its site space's URL in a
   * published public or unlisted site, or, with the key of an active share link of a share-link site, that
   * site space's share URL. Undefined when it is published nowhere the caller (and key) can reach.
   */
  publishedUrl(spaceId: string, shareKey: string | undefined, on: OnBehalfOf): Promise<string | undefined>;
  /**
   * The site's organization and title when the caller has `level` on it (docs/adr/0115); sites' 404 (no such site,
   * or one they may not see) and 403 (they may only view it) are thrown as such.
   */
  siteAccess(siteId: string, level: 'view' | 'admin', on: OnBehalfOf): Promise<SiteAccess>;
}

export function sitesApi(request: ServiceRequest): SitesApi {
  return {
    async publishedUrl(spaceId, shareKey, on) {
      const query = shareKey ? `?shareKey=${encodeURIComponent(shareKey)}` : '';
      const res = await request<PublishedUrlResponse>('GET', `/internal/spaces/${encodeURIComponent(spaceId)}/published-url${query}`, on);
      if (res.status !== 200) throw new Error(`the sites service answered ${res.status} for the published URL of space ${spaceId}`);
      return res.body.published;
    },
    async siteAccess(siteId, level, on) {
      const res = await request<SiteAccess>('GET', `/internal/sites/${encodeURIComponent(siteId)}/access?level=${level}`, on);
      if (res.status === 404) throw notFound('Site');
      if (res.status === 403) throw forbidden(`You need the ${level} level on site ${siteId}`);
      if (res.status !== 200 || !res.body) throw new HttpError(502, `The sites service answered ${res.status} when asked about site ${siteId}`);
      return res.body;
    },
  };
}
