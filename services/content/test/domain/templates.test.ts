import { applyChanges } from '../../src/domain/revision/apply-changes';
import { emptyContent } from '../../src/domain/revision/types';
import { findTemplate, TEMPLATES } from '../../src/domain/templates/catalog';
import { templateChanges } from '../../src/domain/templates/template-changes';

let n = 0;
const ctx = { now: '2026-11-22T00:00:00.000Z', newId: () => `p${++n}`, revisions: new Map() };

describe('space templates', () => {
  test('When every template is applied to an empty space, Then each of its pages exists, children under their parent', () => {
    for (const template of TEMPLATES) {
      const { content } = applyChanges(emptyContent(), templateChanges(template), ctx);
      const count = (pages: typeof template.pages): number => pages.reduce((sum, p) => sum + 1 + count(p.children ?? []), 0);
      expect(content.pages).toHaveLength(count(template.pages));
      expect(content.pages.filter((p) => p.parent === null).map((p) => p.title)).toEqual(template.pages.map((p) => p.title));
    }
  });

  test('When a template with sub-pages is applied, Then the sub-pages sit under the page inserted before them in the batch', () => {
    const { content } = applyChanges(emptyContent(), templateChanges(findTemplate('product-docs')!), ctx);
    const parent = content.pages.find((p) => p.title === 'Getting started')!;
    expect(content.pages.filter((p) => p.parent === parent.id).map((p) => p.title)).toEqual(['Quickstart', 'Installation']);
  });

  test('When a page id and a batch ref could both be meant by `into`, Then an existing page id wins', () => {
    const base = applyChanges(emptyContent(), [{ operation: 'insert_page', title: 'Existing', document: { markdown: 'x' } }], ctx).content;
    const existing = base.pages[0].id;
    const { content } = applyChanges(
      base,
      [
        { operation: 'insert_page', ref: existing, title: 'Shadow', document: { markdown: 'y' } },
        { operation: 'insert_page', into: existing, title: 'Child', document: { markdown: 'z' } },
      ],
      ctx,
    );
    expect(content.pages.find((p) => p.title === 'Child')!.parent).toBe(existing);
  });

  test('When an id is not in the catalog, Then there is no template for it', () => {
    expect(findTemplate('nope')).toBeUndefined();
    expect(new Set(TEMPLATES.map((t) => t.id)).size).toBe(TEMPLATES.length);
  });
});
