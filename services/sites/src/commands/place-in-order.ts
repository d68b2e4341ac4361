import type { Knex } from 'knex';
import { badRequest } from '@dp/http';
import { describeSibling, writePositions } from '../data/sibling-positions';
import { insertionIndex, isSamePlace, PositionError, positionsAt, type Sibling, type Where } from '@dp/ordering';

/**
 * Steps the structure commands share to order items (docs/adr/0038); the caller holds the site's row lock,
 * so the siblings it read are the ones positions are decided among.
 */

/** Positions for `count` items put at `index` among `siblings` (in order, the items excluded); writes a renumbering if one was needed. */
export async function positionsFor(trx: Knex.Transaction, siblings: readonly Sibling[], index: number, count = 1): Promise<number[]> {
  const placement = positionsAt(siblings, index, count);
  if (placement.renumbered) await writePositions(trx, placement.renumbered);
  return placement.positions;
}

/** Positions for items put last among `siblings`. */
export const positionsAtEnd = (trx: Knex.Transaction, siblings: readonly Sibling[], count = 1) => positionsFor(trx, siblings, siblings.length, count);

/**
 * Moves `key` among `ordered` (its siblings in order, itself included) to `where`: false when that is where it
 * already is (nothing written), true once its new position is written. A bad `where` is a 400 naming it.
 */
export async function moveAmongSiblings(trx: Knex.Transaction, ordered: readonly Sibling[], key: string, where: Where): Promise<boolean> {
  try {
    if (isSamePlace(ordered, key, where, describeSibling)) return false;
    const others = ordered.filter((s) => s.key !== key);
    const [position] = await positionsFor(trx, others, insertionIndex(others, where, describeSibling));
    await writePositions(trx, [{ key, position }]);
    return true;
  } catch (err) {
    if (err instanceof PositionError) throw badRequest(`body.${err.message}`);
    throw err;
  }
}
