import type { Branding, ContentTarget, ShowsCondition } from './branding';
import { contentTargetsOf } from './branding';
import { evaluateCondition, parseCondition, type Visitor } from '../domain/conditions';
import type { ContentCache, RevisionContent } from './content-cache';
import { linkedPath } from './nav-tree';
import { brandingIn, settingsIn, type SiteView } from './site-views';
import { hrefOf, pageUrl, siteSpaceUrlIn, spacePlacements, type PageAddress } from './site-urls';
import type { VisibleStructure } from './visible-structure';

/**
 * What a page is drawn with, its header and footer links to pages and spaces resolved (docs/adr/0087): a target
 * is linked where this visitor sees it on this site (its space in the current site space first, else the first site
 * space showing it, in site order), at its live revision's path; a target the visitor does not see here is left out.
 * Only the spaces the links name are read (their trees are in the content cache). `shows`: which conditional
 * header items this visitor sees.
 */
export async function brandingForPage(content: ContentCache, view: SiteView, mount: string, structure: VisibleStructure, address: PageAddress, shows: ShowsCondition): Promise<Branding> {
  const targets = contentTargetsOf(settingsIn(view, address.siteSpace.id));
  if (targets.length === 0) return brandingIn(view, address.siteSpace.id, undefined, shows);
  const current = address.siteSpace.spaceId;
  const wanted = new Set(targets.map((t) => t.space ?? current));
  const placements = spacePlacements(mount, structure, wanted);
  placements.set(current, { base: siteSpaceUrlIn(mount, address.section, address.siteSpace), revisionId: address.siteSpace.revisionId });
  const revisions = new Map<string, RevisionContent | undefined>();
  await Promise.all([...wanted].map(async (spaceId) => {
    const placement = placements.get(spaceId);
    if (placement) revisions.set(spaceId, await content.revision(spaceId, placement.revisionId));
  }));
  const resolve = (target: ContentTarget): string | undefined => {
    const spaceId = target.space ?? current;
    const placement = placements.get(spaceId);
    if (!placement) return undefined;
    if (target.kind === 'space') return hrefOf(placement.base);
    const revision = revisions.get(spaceId);
    const page = revision?.index.byId.get(target.page);
    if (!revision || !page || page.type !== 'document') return undefined;
    const href = hrefOf(pageUrl(placement.base, linkedPath(page, revision.index.home)));
    return target.anchor ? `${href}#${encodeURIComponent(target.anchor)}` : href;
  };
  return brandingIn(view, address.siteSpace.id, resolve, shows);
}

/** A visitor's judge of header items' conditions: none shows without a visitor, nor when unreadable. */
export const showsFor = (visitor: Visitor | undefined): ShowsCondition => (expression) => {
  if (!visitor) return false;
  const parsed = parseCondition(expression);
  return parsed.ok && evaluateCondition(parsed.ast, visitor);
};

