import { createHash, randomUUID } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import { RateLimiter } from '@dp/http';
import { insertInsightEvents } from '../data/site-insight-events';
import { isJsonObject, type JsonObject } from '../domain/customization';
import { FEEDBACK_RATINGS, rowOfEvent } from '../domain/site-insights';
import { brandingIn, settingsIn } from './site-views';
import type { PublisherDeps } from './deps';
import type { PublisherParts } from './routes';
import { feedbackThanksHtml } from './page-html';
import { linkedPath } from './nav-tree';
import { notFound, PAGE_CSP, refuse } from './responses';
import { findSiteRequest } from './site-requests';
import { FEEDBACK_SEGMENT, hrefOf, pageUrl, siteSpaceUrlIn } from './site-urls';
import { visibleStructure } from './visible-structure';

/** Ratings one client address may send to one site a minute; beyond, a 429 (anonymous writes are bounded). */
export const FEEDBACK_PER_MINUTE = 20;
const VISITOR_COOKIE = 'dp_visitor';
const VISITOR_ID = /^[A-Za-z0-9-]{16,64}$/;

/**
 * `POST <site>/.feedback` (docs/adr/0093): a reader's "Was this page helpful?", recorded as the official
 * `page_post_feedback` insights event of the site, only for a page of a site space this reader sees and whose
 * site asks for feedback. The form works without a script (a thank-you page); the page script asks for JSON (204).
 */
export function feedbackRouter(deps: PublisherDeps, parts: Pick<PublisherParts, 'views' | 'content' | 'resolveAudience'>): Router {
  const router = Router();
  const limiter = new RateLimiter(50_000);
  const form = express.urlencoded({ extended: false, limit: '2kb', parameterLimit: 8 });
  router.post(/\/\.feedback$/, form, async (req, res, next) => {
    const found = await findSiteRequest(req, parts.views, deps.config);
    if (!found || found.segments.join('/') !== FEEDBACK_SEGMENT) return next();
    const { view, mount } = found;
    const decision = await parts.resolveAudience({ req, site: view.site, mount, secure: found.secure }, deps);
    if (!decision.allowed) return refuse(res, decision.response);
    const taken = limiter.take(`${view.site.id}|${req.ip ?? ''}`, Date.now(), FEEDBACK_PER_MINUTE);
    if (!taken.allowed) return res.status(429).setHeader('retry-after', String(taken.retryAfterS)).type('text/plain').send('Too many ratings; try again later.');
    const fields = isJsonObject(req.body) ? req.body : {};
    const rating = FEEDBACK_RATINGS.find((r) => r === fields.rating);
    const structure = visibleStructure(view.layout, decision.visitor);
    const section = structure.sections.find((s) => s.siteSpaces.some((ss) => ss.id === fields.siteSpace));
    const siteSpace = section?.siteSpaces.find((ss) => ss.id === fields.siteSpace);
    const revision = siteSpace && (await parts.content.revision(siteSpace.spaceId, siteSpace.revisionId));
    const page = revision && typeof fields.page === 'string' ? revision.index.byId.get(fields.page) : undefined;
    const frame = { branding: brandingIn(view), homeHref: hrefOf(mount) };
    if (!rating || !section || !siteSpace || !revision || !page || page.type !== 'document') return notFound(res, frame);
    const settings = settingsIn(view, siteSpace.id);
    if (!isJsonObject(settings.feedback) || settings.feedback.enabled !== true) return notFound(res, frame);
    const href = hrefOf(pageUrl(siteSpaceUrlIn(mount, section, siteSpace), linkedPath(page, revision.index.home)));
    const visitor = visitorOf(req, res, view.site.id, settings, { path: mount || '/', secure: found.secure });
    // The official event, stored as every tracked one is (domain/site-insights.ts).
    const row = rowOfEvent(
      {
        type: 'page_post_feedback',
        session: { visitorId: visitor, sessionId: daily(visitor) },
        location: { url: `${found.canonicalBase}${href.slice(mount.length)}`, displayContext: 'site', siteSection: section.id || null, siteSpace: siteSpace.id, siteShareKey: null, space: siteSpace.spaceId, revision: revision.revisionId, page: page.id },
        feedback: { rating },
      },
      view.site,
      new Date(),
    );
    if (typeof row === 'string') throw new Error(row); // no timestamp given: it is now
    await insertInsightEvents(deps.db, [row]);
    deps.log.info({ siteId: view.site.id, pageId: page.id, rating }, 'page feedback recorded');
    res.setHeader('cache-control', 'private, no-store');
    if (req.accepts(['html', 'json']) === 'json') return res.status(204).end();
    res.setHeader('content-security-policy', PAGE_CSP);
    return res.type('html').send(feedbackThanksHtml(frame, href));
  });
  // A page path that is not a site's feedback form: nothing here.
  router.post(/\/\.feedback$/, (_req: Request, res: Response) => notFound(res));
  return router;
}

/**
 * Who rated, for visitor counts: a random id kept in a cookie when the site's `insights.trackingCookie` allows
 * (the official default), else a digest of the client's address and browser for the day (no cookie set).
 */
function visitorOf(req: Request, res: Response, siteId: string, settings: JsonObject, cookie: { path: string; secure: boolean }): string {
  const insights = settings.insights;
  const tracking = !(isJsonObject(insights) && insights.trackingCookie === false);
  if (!tracking) return createHash('sha256').update(`${siteId}|${req.ip ?? ''}|${req.get('user-agent') ?? ''}|${new Date().toISOString().slice(0, 10)}`).digest('base64url').slice(0, 22);
  const existing = /(?:^|;\s*)dp_visitor=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  if (existing && VISITOR_ID.test(existing)) return existing;
  const id = randomUUID();
  res.append('Set-Cookie', `${VISITOR_COOKIE}=${id}; Path=${cookie.path}; Max-Age=31536000; HttpOnly; SameSite=Lax${cookie.secure ? '; Secure' : ''}`);
  return id;
}

/** A visitor's session: one per day. */
const daily = (visitor: string) => createHash('sha256').update(`${visitor}|${new Date().toISOString().slice(0, 10)}`).digest('base64url').slice(0, 22);
