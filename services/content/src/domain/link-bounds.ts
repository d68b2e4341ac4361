import type { LinkGroup } from './links';

/**
 * How much one answer of links or backlinks presents (docs/adr/0061). Every location embeds the organization,
 * the space and a page, so an item naming every page that links its target grew with the space: ten items of a
 * space where 100 pages link the same 100 URLs weighed megabytes. An item names its first `perItem` linking
 * pages in reading order (all of them are a page's or file's backlinks, or found in each page's own links), and
 * a page of a list holds at most `perAnswer` locations. Pure.
 */
export interface LocationBounds {
  perItem: number;
  perAnswer: number;
}

/** The locations an item presents: its target and the linking pages it names. */
export const itemLocations = (group: LinkGroup, bounds: LocationBounds): number => 1 + Math.min(group.from.length, bounds.perItem);

/** The item naming at most `perItem` of its linking pages, the first in reading order. */
export const withBoundedLocations = (group: LinkGroup, bounds: LocationBounds): LinkGroup =>
  group.from.length <= bounds.perItem ? group : { ...group, from: group.from.slice(0, bounds.perItem) };
