import type { Request } from 'express';
import type { SiteRow } from '../data/sites';
import type { Visitor } from '../domain/conditions';
import type { PublisherDeps } from './deps';
import { resolveSiteAudience } from './audience-resolver';

/**
 * The publisher's one audience seam (docs/adr/0040, 0041): every request of a published site calls
 * `resolveAudience` once, before anything of the site is read. Allowed: conditions see `visitor` (none: every
 * conditioned item is hidden), `setCookies` are added, and a cookie or claim makes the answer private. Refused:
 * `response` is answered, with the publisher's page for its status when it has no body, so a 404 reveals
 * nothing. `mount` scopes the cookies to the site; the contract in full: docs/design/publisher.md.
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
