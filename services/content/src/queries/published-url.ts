import type { Logger } from '@dp/log';
import type { ContentContext } from '../context';
import type { OnBehalfOf } from '@dp/http';
import { sitesApi } from '../clients/sites';

/**
 * `urls.published` of a space read with a `shareKey` (official: "for sites published via share-links, the
 * share key is useful to resolve published URLs"). Asked of sites on the caller's behalf, fresh, so a share
 * link deactivated a moment ago no longer resolves. A URL is an addition to the Space, not the Space itself:
 * when sites cannot answer, the space is still served, without it, and the failure is logged.
 */
export async function publishedUrlFor(ctx: ContentContext, spaceId: string, shareKey: string, on: OnBehalfOf, log: Logger): Promise<string | undefined> {
  try {
    return await sitesApi(ctx.services.sites).publishedUrl(spaceId, shareKey, on);
  } catch (err) {
    log.warn({ err: (err as Error).message, spaceId }, 'could not resolve the published URL of a space with a share key');
    return undefined;
  }
}
