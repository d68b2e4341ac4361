/**
 * Creating a site with a new space (official createSite, release 0.130.0: `spaces` is either the ids of
 * existing spaces or `"empty"` / `"sample"`, "create a new space associated to the site"). Pure.
 */
export const NEW_SPACE_KINDS = ['empty', 'sample'] as const;
export type NewSpaceKind = (typeof NEW_SPACE_KINDS)[number];

/** The content template whose pages a `sample` space starts with (an `empty` space has none). */
export const SAMPLE_SPACE_TEMPLATE = 'product-docs';

/**
 * The new space: titled like the site (content's rules apply: it refuses a title over 50 characters, and
 * then no site is made), with the sample template's pages for `sample`.
 */
export function newSpaceFor(kind: NewSpaceKind, siteTitle: string): { title: string; templateId?: string } {
  return kind === 'sample' ? { title: siteTitle, templateId: SAMPLE_SPACE_TEMPLATE } : { title: siteTitle };
}
