import type { InsertPageChange } from '../revision/changes';
import type { SpaceTemplate, TemplatePage } from './catalog';

/**
 * A template as authoring changes: one `insert_page` per page, parents first, each child placed `into` its
 * parent's batch ref (applyChanges resolves refs of pages inserted earlier in the same batch). Appended
 * after the pages already there. Pure.
 */
export function templateChanges(template: SpaceTemplate): InsertPageChange[] {
  const changes: InsertPageChange[] = [];
  const walk = (pages: readonly TemplatePage[], parentRef: string | undefined, path: string) => {
    pages.forEach((page, i) => {
      const ref = `template:${path}${i}`;
      changes.push({ operation: 'insert_page', ref, title: page.title, ...(parentRef ? { into: parentRef } : {}), document: { markdown: page.markdown } });
      if (page.children?.length) walk(page.children, ref, `${path}${i}.`);
    });
  };
  walk(template.pages, undefined, '');
  return changes;
}
