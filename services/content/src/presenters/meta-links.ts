/**
 * The official `RevisionPageMetaLinks` of a page: its other language versions as `alternates` (ContentRefPage,
 * with their space). No `canonical`: a page here is its own canonical, which a renderer knows (docs/adr/0105).
 */
export function presentMetaLinks(alternates: Array<{ space: string; page: string }>) {
  return { alternates: alternates.map((a) => ({ kind: 'page' as const, page: a.page, space: a.space })) };
}
