/**
 * Order of the items that share a container, the one way every service orders siblings (docs/adr/0010,
 * 0038): content's collections and spaces under a parent; sites' site spaces of a section, sections of a
 * group, sections and groups at a site's root. Each item has a numeric `position`, lowest first. Placing items takes evenly spaced values between their new neighbours, so a move
 * writes one row; when floating point leaves no room, the siblings are renumbered (every write holds the
 * container's lock, so positions are decided one writer at a time). Pure: no express, no knex; unit-tested.
 */

export * from './tree';
export const POSITION_STEP = 1024;

/** An item among its siblings; `key` is `<kind>:<id>` (ids are unique per kind only; see `siblingKey`). */
export interface Sibling {
  key: string;
  position: number;
}

/** Where to put an item: before and/or after a sibling (keys). Neither: at the end. */
export interface Where {
  before?: string;
  after?: string;
}

/** A `position` naming something that is not a sibling, or two siblings that are not adjacent: a 400. */
export class PositionError extends Error {}

/** The key of an item of `kind` (ids are unique per kind only, so the kind is part of the key). */
export const siblingKey = (kind: string, id: string) => `${kind}:${id}`;

/**
 * Index at which the item goes among `siblings` (in order, the item itself excluded). A reference that is
 * not one of them, or `before` and `after` naming siblings that are not adjacent in that order, is an error.
 */
export function insertionIndex(siblings: readonly Sibling[], where: Where, describe: (key: string) => string = (k) => k): number {
  const indexOf = (field: 'before' | 'after', key: string) => {
    const i = siblings.findIndex((s) => s.key === key);
    if (i < 0) throw new PositionError(`position.${field}: ${describe(key)} is not a sibling of the item moved`);
    return i;
  };
  const afterIndex = where.after !== undefined ? indexOf('after', where.after) + 1 : undefined;
  const beforeIndex = where.before !== undefined ? indexOf('before', where.before) : undefined;
  if (afterIndex !== undefined && beforeIndex !== undefined && afterIndex !== beforeIndex) {
    throw new PositionError('position.before and position.after must name two adjacent siblings, "after" first');
  }
  return afterIndex ?? beforeIndex ?? siblings.length;
}

export interface Placement {
  /** Positions of the placed items, in order. */
  positions: number[];
  /** Set when the siblings had to be renumbered: the new position of each of them. */
  renumbered?: Sibling[];
}

/**
 * Positions for `count` items inserted together at `index` among `siblings` (in order, the items excluded):
 * evenly spaced between the neighbours, or after/before them by whole steps at an end; when the values would
 * not be strictly increasing (no room left), every sibling is spread out again around a free slot.
 */
export function positionsAt(siblings: readonly Sibling[], index: number, count = 1): Placement {
  if (index < 0 || index > siblings.length) throw new RangeError(`index ${index} out of 0..${siblings.length}`);
  const prev = siblings[index - 1]?.position;
  const next = siblings[index]?.position;
  const nth = (i: number) => {
    if (prev === undefined && next === undefined) return (i + 1) * POSITION_STEP;
    if (prev === undefined) return next! - (count - i) * POSITION_STEP;
    if (next === undefined) return prev + (i + 1) * POSITION_STEP;
    return prev + ((next - prev) * (i + 1)) / (count + 1);
  };
  const positions = Array.from({ length: count }, (_, i) => nth(i));
  const chain = [prev, ...positions, next].filter((p): p is number => p !== undefined);
  if (chain.every((p, i) => Number.isFinite(p) && (i === 0 || p > chain[i - 1]))) return { positions };
  const renumbered = siblings.map((s, i) => ({ key: s.key, position: (i < index ? i + 1 : i + 1 + count) * POSITION_STEP }));
  return { positions: Array.from({ length: count }, (_, i) => (index + i + 1) * POSITION_STEP), renumbered };
}

/** True when placing `key` as `where` among `ordered` (in order, the item included) leaves it where it is. */
export function isSamePlace(ordered: readonly Sibling[], key: string, where: Where, describe?: (key: string) => string): boolean {
  const current = ordered.findIndex((s) => s.key === key);
  if (current < 0) return false;
  return insertionIndex(ordered.filter((s) => s.key !== key), where, describe) === current;
}

/** Orders siblings by position, then key, so that equal positions (never written, but possible) still give one order. */
export function inSiblingOrder<T extends Sibling>(siblings: readonly T[]): T[] {
  return [...siblings].sort((a, b) => a.position - b.position || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
