import { Router, type Request, type Response } from 'express';
import { readerMarkdown, type MarkdownRenderer } from '@dp/markdown-html';
import { treeOrder } from '@dp/ordering';
import { blockViewsOf, type OpenapiOperations } from '@dp/openapi-views';
import { integrationViewsOf, type IntegrationBlocks } from '@dp/integration-views';
import type { ContentCache, RevisionContent } from './content-cache';
import type { ResolveAudience } from './audience';
import type { PublisherDeps } from './deps';
import { isIndexable, robotsTxt, sitemapFile } from './indexing';
import { sitemapBoundOf } from './config';
import { SitemapFiles } from './sitemap-files';
import { llmsFullPage, llmsTxt, LLMS_FULL_LIMITS, withPublishedLinks, type LlmsGroup, type LlmsPage } from './llms';
import { findNavNode, findPage, type NavNode, type TreePage } from './nav-tree';
import { navHtml, pageHtml, searchPageHtml } from './page-html';
import { readerSearch } from './reader-search';
import { searchHitsHtml } from './search-html';
import { FILE_CSP, MARKDOWN_CSP, notFound, PAGE_CSP, refuse } from './responses';
import { buildPageView, linkTable, navOf } from './page-view';
import { translationsOnSite } from './page-alternates';
import { movedPageFor, redirectFor } from './redirects';
import { brandingForPage, showsFor } from './branding-links';
import { shownConditionalItems, type ShowsCondition } from './branding';
import { RenderedPages, type RenderedPage } from './rendered-pages';
import { readablePageIds } from '../domain/site-search';
import { canonicalOf, findSiteRequest, type SiteRequest } from './site-requests';
import { FILES_SEGMENT, hrefOf, LLMS, LLMS_FULL, NAV_SEGMENT, SEARCH_SEGMENT, navFragmentUrl, pageUrl, resolvePagePath, ROBOTS, SITEMAP, sitemapPartFile, sitemapPartOf, siteSpaceUrlIn, type PageAddress } from './site-urls';
import { brandingIn, settingsIn, type SiteViews } from './site-views';
import { codeThemesOf, iconStyleOf } from './branding-styling';
import type { FrontCache } from './front-cache';
import { visibleStructure, type VisibleStructure } from './visible-structure';

/**
 * The publisher's one route (docs/adr/0040): every GET is a published site's page, its markdown, a file of
 * its content, its sitemap.xml or robots.txt. Order: find the published site (else 404), ask the audience
 * seam (else its refusal), filter the structure for the visitor, then serve. Pages are rendered once per
 * revision, page, site structure and visibility, off the request loop (docs/adr/0059), and kept in a bounded LRU.
 */
export interface PublisherParts {
  views: SiteViews;
  content: ContentCache;
  /** The operations of the organization's specs that pages' OpenAPI blocks show (docs/adr/0083). */
  operations: OpenapiOperations;
  /** Renders pages' integration blocks by their integrations (docs/adr/0094). */
  integrations: IntegrationBlocks;
  resolveAudience: ResolveAudience;
  /** Renders page bodies on worker threads, within a time budget (docs/adr/0059). */
  renderer: MarkdownRenderer;
  /** Where anonymous pages of public and unlisted sites are kept for the server to answer before express. */
  front?: FrontCache;
}

export function publisherRouter(deps: PublisherDeps, parts: PublisherParts): Router {
  const router = Router();
  const rendered = new RenderedPages(deps.config.PUBLISHER_CACHE_MB * 1024 * 1024);
  const sitemapBound = sitemapBoundOf(deps.config);
  const sitemaps = new SitemapFiles(deps.config.PUBLISHER_CACHE_MB * 1024 * 1024);

  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const generation = parts.views.generation;
    const found = await findSiteRequest(req, parts.views, deps.config);
    if (!found) return notFound(res);
    const { view, mount } = found;
    const decision = await parts.resolveAudience({ req, site: view.site, mount, secure: found.secure }, deps);
    if (!decision.allowed) return refuse(res, decision.response);
    for (const cookie of decision.setCookies) res.append('Set-Cookie', cookie);
    const personal = decision.setCookies.length > 0 || decision.visitor !== undefined;
    res.setHeader('cache-control', personal ? 'private, no-cache' : 'no-cache');
    if (!isIndexable(view.site.visibility)) res.setHeader('x-robots-tag', 'noindex');
    const structure = visibleStructure(view.layout, decision.visitor);
    const [first] = found.segments;
    if (found.segments.length === 1 && first === ROBOTS) return res.type('text/plain').send(robotsTxt(isIndexable(view.site.visibility), `${found.canonicalBase}/${SITEMAP}`));
    const sitemapPart = sitemapPartOf(first);
    if (found.segments.length === 1 && (first === SITEMAP || sitemapPart !== undefined)) {
      const file = await sitemapOf(found, structure, sitemapPart);
      if (file !== undefined) return res.type('application/xml').send(file);
    }
    if (found.segments.length === 1 && first === LLMS) return res.type('text/markdown; charset=utf-8').send(llmsTxt(brandingIn(view).title, await llmsGroups(found, structure)));
    if (found.segments.length === 1 && first === LLMS_FULL) return res.type('text/markdown; charset=utf-8').send(await llmsFull(found, structure));
    if (first === FILES_SEGMENT) return serveFile(res, found, structure);
    if (first === NAV_SEGMENT) return serveNavFragment(res, found, structure);
    if (found.segments.length === 1 && first === SEARCH_SEGMENT) return serveSearch(req, res, found, structure);
    return servePage(req, res, found, structure, personal, generation, showsFor(decision.visitor));
  });

  async function servePage(req: Request, res: Response, found: SiteRequest, structure: VisibleStructure, personal: boolean, generation: number, shows: ShowsCondition) {
    const { view, mount } = found;
    const siteFrame = () => ({ branding: brandingIn(view), homeHref: hrefOf(mount) });
    const address = resolvePagePath(structure, found.segments);
    const revision = address && (await parts.content.revision(address.siteSpace.spaceId, address.siteSpace.revisionId));
    const page = address && revision && findPage(revision.index, address.pagePath);
    if (!address || !revision || !page) {
      // Before a 404: the site's redirects (docs/adr/0088), then where a moved page went (docs/adr/0089).
      const redirect = (await redirectFor(deps.db, parts.content, found, structure)) ?? (address && revision ? await movedPageFor(parts.content, found, address, revision) : undefined);
      if (redirect) return res.status(redirect.status).setHeader('location', redirect.location).end();
      return notFound(res, siteFrame());
    }
    if (found.markdown) {
      const document = await parts.content.page(revision.spaceId, revision.revisionId, page.id);
      if (!document) return notFound(res, siteFrame());
      res.setHeader('content-security-policy', MARKDOWN_CSP);
      res.setHeader('x-content-type-options', 'nosniff');
      const links = linkTable({ mount, address, revision, document });
      return res.type('text/markdown; charset=utf-8').send(withPublishedLinks(readerMarkdown(document.markdown), links, found.origin));
    }
    const shown = shownConditionalItems(settingsIn(view, address.siteSpace.id), shows);
    const key = [mount, view.site.id, view.key, structure.hiddenKey, shown, address.section.id, address.siteSpace.id, revision.revisionId, page.id].join('|');
    const html = await rendered.get(key, async () => {
      const document = await parts.content.page(revision.spaceId, revision.revisionId, page.id);
      if (!document) return undefined;
      const [operations, integrations, translations] = await Promise.all([
        blockViewsOf(parts.operations, view.site.organization_id, document.markdown),
        integrationViewsOf(parts.integrations, view.site.organization_id, revision.spaceId, document.markdown),
        translationsOnSite(parts.content, found, structure, address, page),
      ]);
      const body = await parts.renderer.render(document.markdown, linkTable({ mount, address, revision, document }), { embedFrames: true, operations: operations.views, integrations: integrations.views, ...styleOptions(settingsIn(view, address.siteSpace.id)) });
      if (body.fallback) deps.log.warn({ siteId: view.site.id, pageId: page.id, revisionId: revision.revisionId, reason: body.fallback }, 'page shown as plain text');
      return { html: pageHtml(buildPageView({ branding: await brandingForPage(parts.content, view, mount, structure, address, shows), canonicalBase: found.canonicalBase, mount, structure, address, revision, page, document, bodyHtml: body.html, translations })), fallback: body.fallback, live: operations.any || integrations.any };
    });
    if (!html) return notFound(res, siteFrame());
    if (page.noRobotsIndex || page.noIndex) res.setHeader('x-robots-tag', 'noindex');
    res.setHeader('content-security-policy', PAGE_CSP);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', personal ? 'no-referrer' : 'strict-origin-when-cross-origin');
    sendRendered(req, res, html);
    // The same page for anyone: kept for the server to answer the next anonymous request before express
    // (not a plain-text page of the moment: its render is tried again soon).
    if (!personal && isAnonymousSite(view.site) && !html.transient) parts.front?.remember(req, { siteId: view.site.id, generation }, res.getHeaders(), html.etag, html.body);
  }

  /**
   * `<mount>/.nav/<spaceId>/<revisionId>/<nodeId>`: the pages of a collapsed group of a big space's navigation
   * (docs/adr/0084), as the list the sidebar shows, for a revision this visitor sees; hidden pages are not in it.
   */
  async function serveNavFragment(res: Response, found: SiteRequest, structure: VisibleStructure) {
    const [, spaceId, revisionId, nodeId] = found.segments;
    const section = structure.sections.find((s) => s.siteSpaces.some((ss) => ss.spaceId === spaceId && ss.revisionId === revisionId));
    const siteSpace = section?.siteSpaces.find((ss) => ss.spaceId === spaceId && ss.revisionId === revisionId);
    const revision = section && siteSpace && nodeId ? await parts.content.revision(spaceId, revisionId) : undefined;
    const node = revision && findNavNode(revision.index.nav, nodeId);
    if (!section || !siteSpace || !revision || !node) return notFound(res, { branding: brandingIn(found.view), homeHref: hrefOf(found.mount) });
    const base = siteSpaceUrlIn(found.mount, section, siteSpace);
    const fragment = (n: NavNode) => hrefOf(navFragmentUrl(found.mount, { spaceId, revisionId, nodeId: n.id }));
    res.setHeader('content-security-policy', PAGE_CSP);
    res.setHeader('x-content-type-options', 'nosniff');
    return res.type('html').send(navHtml(navOf(node.children, base, '', fragment, Number.POSITIVE_INFINITY), brandingIn(found.view, siteSpace.id).styling.icons));
  }

  /**
   * `<mount>/.search?q=`: a reader's search (docs/adr/0090), as a results page in the site's frame, or as the list
   * alone (`fragment=1`) for the page script's panel. Only what this visitor can read is searched.
   */
  async function serveSearch(req: Request, res: Response, found: SiteRequest, structure: VisibleStructure) {
    const raw = req.query.q;
    const query = typeof raw === 'string' ? raw.trim().slice(0, 512) : '';
    const hits = query ? await readerSearch(parts.content, found.mount, structure, query) : [];
    res.setHeader('content-security-policy', PAGE_CSP);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('x-robots-tag', 'noindex');
    const list = searchHitsHtml(hits, query);
    if (req.query.fragment === '1') return res.type('html').send(list);
    return res.type('html').send(searchPageHtml({ branding: brandingIn(found.view), homeHref: hrefOf(found.mount), searchHref: `${found.mount}/${SEARCH_SEGMENT}` }, query, list));
  }

  /** `<mount>/.files/<spaceId>/<revisionId>/<fileId>/<name>`: only a file of the live revision of a space this visitor sees. */
  async function serveFile(res: Response, found: SiteRequest, structure: VisibleStructure) {
    const [, spaceId, revisionId, fileId] = found.segments;
    const shown = structure.sections.some((s) => s.siteSpaces.some((ss) => ss.spaceId === spaceId && ss.revisionId === revisionId));
    const file = shown && fileId ? await parts.content.file(spaceId, revisionId, fileId) : undefined;
    if (!file) return notFound(res, { branding: brandingIn(found.view), homeHref: hrefOf(found.mount) });
    res.setHeader('content-security-policy', FILE_CSP);
    res.setHeader('x-content-type-options', 'nosniff');
    // The URL names an immutable revision: a browser keeps it (privately unless the site is public).
    res.setHeader('cache-control', `${isIndexable(found.view.site.visibility) && !res.getHeader('set-cookie') ? 'public' : 'private'}, max-age=31536000, immutable`);
    return res.type(file.contentType).send(file.bytes);
  }

  /** The pages this visitor sees, by section and variant, for llms.txt: hidden ones and those asking not to be indexed left out. */
  async function llmsGroups(found: SiteRequest, structure: VisibleStructure): Promise<Array<LlmsGroup & { address: PageAddress; revision: RevisionContent; ids: string[] }>> {
    const groups: Array<LlmsGroup & { address: PageAddress; revision: RevisionContent; ids: string[] }> = [];
    for (const section of structure.sections) {
      for (const siteSpace of section.siteSpaces) {
        const revision = await parts.content.revision(siteSpace.spaceId, siteSpace.revisionId);
        if (!revision) continue;
        const base = siteSpaceUrlIn(found.mount, section, siteSpace);
        const title = section.siteSpaces.length > 1 ? `${section.title} (${siteSpace.title})` : section.title;
        const pages: LlmsPage[] = [];
        const ids: string[] = [];
        for (const page of readablePages(revision)) {
          const href = hrefOf(pageUrl(base, page.id === revision.index.home?.id ? '' : page.path));
          pages.push({ title: page.title, markdownUrl: `${found.origin}${href === '/' ? '' : href}.md`, ...(page.description ? { description: page.description } : {}) });
          ids.push(page.id);
        }
        groups.push({ title, address: { section, siteSpace, pagePath: '' }, revision, pages, ids });
      }
    }
    return groups;
  }

  /** llms-full.txt: every page of llms.txt as markdown (conditional blocks left out), within LLMS_FULL_LIMITS. */
  async function llmsFull(found: SiteRequest, structure: VisibleStructure): Promise<string> {
    const out: string[] = [`# ${brandingIn(found.view).title}\n`];
    let bytes = 0;
    let count = 0;
    for (const group of await llmsGroups(found, structure)) {
      for (const [i, page] of group.pages.entries()) {
        if (count >= LLMS_FULL_LIMITS.pages || bytes >= LLMS_FULL_LIMITS.bytes) {
          out.push(`\n---\n\nThe rest of the site is not included here; llms.txt lists every page.\n`);
          return out.join('');
        }
        const document = await parts.content.page(group.revision.spaceId, group.revision.revisionId, group.ids[i]);
        if (!document) continue;
        const links = linkTable({ mount: found.mount, address: group.address, revision: group.revision, document });
        const text = llmsFullPage(page, withPublishedLinks(readerMarkdown(document.markdown), links, found.origin));
        out.push(`\n---\n\n${text}`);
        bytes += Buffer.byteLength(text);
        count++;
      }
    }
    return out.join('');
  }

  /** `sitemap.xml` (part absent) or one of its parts, kept by what it is made from; undefined: no such part. */
  function sitemapOf(found: SiteRequest, structure: VisibleStructure, part: number | undefined): Promise<string | undefined> {
    const { view } = found;
    const revisions = structure.sections.flatMap((section) => section.siteSpaces.map((siteSpace) => siteSpace.revisionId));
    const key = [found.mount, found.canonicalBase, view.site.id, view.key, view.site.visibility, structure.hiddenKey, revisions.join(','), part ?? 0].join('|');
    return sitemaps.get(key, async () => {
      const urls = isIndexable(view.site.visibility) ? await sitemapUrls(found, structure) : [];
      return sitemapFile(urls, (n) => `${found.canonicalBase}/${sitemapPartFile(n)}`, part, sitemapBound);
    });
  }

  /** Every page an anonymous visitor sees, except hidden ones and those asking not to be indexed. */
  async function sitemapUrls(found: SiteRequest, structure: VisibleStructure): Promise<string[]> {
    const urls: string[] = [];
    for (const section of structure.sections) {
      for (const siteSpace of section.siteSpaces) {
        const revision = await parts.content.revision(siteSpace.spaceId, siteSpace.revisionId);
        if (!revision) continue;
        const base = siteSpaceUrlIn(found.mount, section, siteSpace);
        for (const page of readablePages(revision)) urls.push(canonicalOf(found, hrefOf(pageUrl(base, page.id === revision.index.home?.id ? '' : page.path))));
      }
    }
    return urls;
  }

  return router;
}

/** A revision's document pages in reading order, except hidden ones (and what is under them) and those asking not to be indexed. */
function readablePages(revision: RevisionContent): TreePage[] {
  const readable = readablePageIds(revision.index.pages);
  return treeOrder(revision.index.pages).filter((page) => readable.has(page.id) && !page.noIndex && !page.noRobotsIndex);
}

/** A site whose pages are the same for every reader (no audience, no adaptive content). */
const isAnonymousSite = (site: { visibility: string; adaptive_content_enabled: boolean }) =>
  (site.visibility === 'public' || site.visibility === 'unlisted') && !site.adaptive_content_enabled;

/** Sends a rendered page straight to the socket (a 304 when the browser has it): the hot path of a cached page. */
function sendRendered(req: Request, res: Response, page: RenderedPage) {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('etag', page.etag);
  if (req.headers['if-none-match'] === page.etag) {
    res.statusCode = 304;
    return res.end();
  }
  res.setHeader('content-length', page.body.length);
  return res.end(req.method === 'HEAD' ? undefined : page.body);
}

/** The renderer's code themes and icon set, where the site chose its own (docs/adr/0093). */
function styleOptions(settings: ReturnType<typeof settingsIn>) {
  const codeThemes = codeThemesOf(settings);
  const iconStyle = iconStyleOf(settings);
  return { ...(codeThemes ? { codeThemes } : {}), ...(iconStyle ? { iconStyle } : {}) };
}
