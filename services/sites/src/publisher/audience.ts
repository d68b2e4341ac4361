import type { Request } from 'express';
import type { SiteRow } from '../data/sites';
import type { Visitor } from '../domain/conditions';
import type { PublisherDeps } from './deps';
import { resolveSiteAudience } from './audience-resolver';

/**
 * THE AUDIENCE SEAM of the publisher (docs/adr/0040). Every request for a published site (pages, `.md`,
 * files, sitemap.xml, robots.txt) calls `resolveAudience` once, after the site was found published and
 * before anything of it is read or served:
 *
 * - `{ allowed: true, visitor, setCookies }`: serve. `visitor` (claims from a visitor token, a cookie or the
 *   unsigned source) is what the conditions of sections and site spaces are evaluated against
 *   (`visibleStructure` in ./visible-structure.ts, with `evaluateCondition`): without a visitor, every
 *   conditioned section and site space is hidden (absent from the navigation, 404 by URL). `setCookies` are
 *   `Set-Cookie` values the publisher adds to the answer. Any cookie or claim makes the answer
 *   `Cache-Control: private`.
 * - `{ allowed: false, response }`: answer `response` instead (e.g. a 302 to the site's fallback URL, a 401).
 *   A response without a body gets the publisher's page for that status (the 404 page for a 404), so
 *   refusing with `{ status: 404 }` reveals nothing about the site.
 *
 * `mount` is the URL path the visitor reached the site under (`/<organizationId>/<siteId>`, or a proxy's
 * path), for cookies scoped to the site; `secure` tells whether the visitor's URL is https.
 *
 * `public` and `unlisted` sites are served to everyone; `share-link` sites with an active share key
 * (`?share=`, then a cookie), `visitor-auth` sites with a valid token (`?jwt_token=`, then a cookie; else the
 * fallback URL or 401); on an adaptive site the visitor's claims come from their token and the unsigned
 * source (docs/adr/0041).
 */
export interface AudienceInput {
  req: Request;
  site: SiteRow;
  mount: string;
  secure: boolean;
}

export interface AudienceRefusal {
  status: number;
  /** An array value is one header line per item (`set-cookie`: one line per cookie, which browsers need). */
  headers?: Record<string, string | string[]>;
  body?: string;
}

export type AudienceDecision = { allowed: true; visitor?: Visitor; setCookies: string[] } | { allowed: false; response: AudienceRefusal };

export type ResolveAudience = (input: AudienceInput, deps: PublisherDeps) => Promise<AudienceDecision>;

export const resolveAudience: ResolveAudience = async ({ req, site, mount, secure }, deps) =>
  // Share links, visitor authentication and adaptive claims (docs/adr/0041): ./audience-resolver.ts.
  resolveSiteAudience(deps.db, site, { url: req.originalUrl, cookieHeader: req.headers.cookie }, { path: mount, secure });
