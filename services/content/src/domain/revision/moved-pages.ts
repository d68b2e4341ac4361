import { pagePaths } from './tree';
import type { PageNode } from './types';

/** Former paths a live revision keeps per move: a subtree of thousands moving is recorded in one batch. */
export const MAX_MOVES_RECORDED = 10_000;

/**
 * The paths that documents of `before` left in `after` (moved, renamed, or under a moved parent), each with the
 * page that had it: what old links to those pages should lead to. A path another document took in `after` is
 * not a former path (that page answers it). Pure.
 */
export function movedPages(before: PageNode[], after: PageNode[]): Array<{ path: string; pageId: string }> {
  const oldPaths = pagePaths(before);
  const newPaths = pagePaths(after);
  const taken = new Set(after.filter((p) => p.type === 'document').map((p) => newPaths.get(p.id)));
  const still = new Set(after.filter((p) => p.type === 'document').map((p) => p.id));
  const moves: Array<{ path: string; pageId: string }> = [];
  for (const page of before) {
    if (page.type !== 'document' || !still.has(page.id)) continue;
    const was = oldPaths.get(page.id);
    if (was !== undefined && was !== newPaths.get(page.id) && !taken.has(was)) moves.push({ path: was, pageId: page.id });
    if (moves.length >= MAX_MOVES_RECORDED) break;
  }
  return moves;
}
