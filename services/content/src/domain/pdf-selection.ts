import { treeOrder } from '@dp/ordering';
import type { PageNode } from './revision/types';

/**
 * The pages a PDF export prints, in reading order (docs/adr/0044): the whole space; `page` and its subpages;
 * or, with `only`, that page alone. Pure, unit-tested. Undefined when `page` is not a page of the revision.
 */
export function pdfPages(pages: PageNode[], selection: { page?: string; only?: boolean }): PageNode[] | undefined {
  const ordered = treeOrder(pages);
  if (!selection.page) return ordered;
  const root = ordered.find((p) => p.id === selection.page);
  if (!root) return undefined;
  if (selection.only) return [root];
  const inside = new Set([root.id]);
  // Reading order puts a page's descendants right after it: collect them while their parent is in.
  return ordered.filter((p) => {
    if (p.id === root.id) return true;
    if (p.parent && inside.has(p.parent)) {
      inside.add(p.id);
      return true;
    }
    return false;
  });
}

/** Pages that print something: documents (groups and links have no body, their titles stay in their children's order). */
export const printable = (pages: PageNode[]) => pages.filter((p) => p.type === 'document');

/**
 * Bytes of markdown a PDF export prints (docs/adr/0060): each printable page's document, counted once per page
 * that shows it. Pure; `sizes` holds the documents' bytes by hash.
 */
export const exportBytes = (pages: PageNode[], sizes: Map<string, number>): number =>
  printable(pages).reduce((sum, p) => sum + (p.documentHash ? (sizes.get(p.documentHash) ?? 0) : 0), 0);
