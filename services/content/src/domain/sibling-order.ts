/**
 * Order of the items (collections and spaces) that share a parent: each has a numeric `position`, lowest
 * first. Placing an item takes the midpoint of its new neighbours, so a move writes one row; when the gap
 * between two neighbours is exhausted (floating point), the siblings are renumbered. Pure, unit-tested.
 */
export const POSITION_STEP = 1024;

/** An item among its siblings; `key` is `space:<id>` or `collection:<id>` (ids are only unique per kind). */
export interface Sibling {
  key: string;
  position: number;
}

/** Where to put an item: before and/or after a sibling (keys). Neither: at the end. */
export interface Where {
  before?: string;
  after?: string;
}

export class PositionError extends Error {}

export const siblingKey = (kind: 'space' | 'collection', id: string) => `${kind}:${id}`;

/**
 * Index at which the item goes among `siblings` (sorted, the item itself excluded). A reference that is not
 * one of them, or `before` and `after` naming siblings that are not adjacent in that order, is an error.
 */
export function insertionIndex(siblings: readonly Sibling[], where: Where): number {
  const indexOf = (field: 'before' | 'after', key: string) => {
    const i = siblings.findIndex((s) => s.key === key);
    if (i < 0) throw new PositionError(`position.${field}: ${key.replace(':', ' ')} is not an item of the target parent`);
    return i;
  };
  const afterIndex = where.after !== undefined ? indexOf('after', where.after) + 1 : undefined;
  const beforeIndex = where.before !== undefined ? indexOf('before', where.before) : undefined;
  if (afterIndex !== undefined && beforeIndex !== undefined && afterIndex !== beforeIndex) {
    throw new PositionError('position.before and position.after must name two adjacent items, "after" first');
  }
  return afterIndex ?? beforeIndex ?? siblings.length;
}

export interface Placement {
  /** Position of the placed item. */
  position: number;
  /** Set when the siblings had to be renumbered: the new position of each of them. */
  renumbered?: Sibling[];
}

/** The position for an item inserted at `index` among `siblings` (sorted, the item excluded). */
export function positionAt(siblings: readonly Sibling[], index: number): Placement {
  if (index < 0 || index > siblings.length) throw new RangeError(`index ${index} out of 0..${siblings.length}`);
  const prev = siblings[index - 1]?.position;
  const next = siblings[index]?.position;
  let position: number;
  if (prev === undefined && next === undefined) position = POSITION_STEP;
  else if (prev === undefined) position = next! - POSITION_STEP;
  else if (next === undefined) position = prev + POSITION_STEP;
  else position = prev + (next - prev) / 2;
  const fits = Number.isFinite(position) && (prev === undefined || position > prev) && (next === undefined || position < next);
  if (fits) return { position };
  // No room left between the neighbours: spread every sibling out again, leaving the slot free.
  const renumbered = siblings.map((s, i) => ({ key: s.key, position: (i < index ? i + 1 : i + 2) * POSITION_STEP }));
  return { position: (index + 1) * POSITION_STEP, renumbered };
}

/**
 * True when placing the item `key` as `where` among `ordered` (sorted, the item included) leaves it where it
 * is: the move would change nothing.
 */
export function isSamePlace(ordered: readonly Sibling[], key: string, where: Where): boolean {
  const current = ordered.findIndex((s) => s.key === key);
  if (current < 0) return false;
  const others = ordered.filter((s) => s.key !== key);
  return insertionIndex(others, where) === current;
}
