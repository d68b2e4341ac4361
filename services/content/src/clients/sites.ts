import type { PublishedUrlResponse } from '@dp/contracts';
import type { OnBehalfOf, ServiceRequest } from '@dp/http';


export interface SitesApi {
  /**
   * Where a space is published, from the sites service (never its schema): its site space's URL in a
   * published public or unlisted site, or, with the key of an active share link of a share-link site, that
   * site space's share URL. Undefined when it is published nowhere the caller (and key) can reach.
   */
  publishedUrl(spaceId: string, shareKey: string | undefined, on: OnBehalfOf): Promise<string | undefined>;
}

export function sitesApi(request: ServiceRequest): SitesApi {
  return {
    async publishedUrl(spaceId, shareKey, on) {
      const query = shareKey ? `?shareKey=${encodeURIComponent(shareKey)}` : '';
      const res = await request<PublishedUrlResponse>('GET', `/internal/spaces/${encodeURIComponent(spaceId)}/published-url${query}`, on);
      if (res.status !== 200) throw new Error(`the sites service answered ${res.status} for the published URL of space ${spaceId}`);
      return res.body.published;
    },
  };
}
