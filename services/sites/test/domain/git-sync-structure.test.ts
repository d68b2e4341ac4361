import { planStructure, StructureError, type CurrentStructure, type StructureNode } from '../../src/domain/git-sync-structure';

/** How a site's gitbook-docs.yaml is matched against what the site holds (docs/adr/0115), without a database. */
const empty: CurrentStructure = { groups: [], sections: [], siteSpaces: [] };
const section = (key: string, parentKey: string | null = null, extra: Partial<StructureNode> = {}): StructureNode => ({ type: 'section', key, parentKey, title: key, path: key, ...extra });
const space = (key: string, parentKey: string | null, extra: Partial<StructureNode> = {}): StructureNode & { spaceId: string } => ({ type: 'space', key, parentKey, title: key, path: key, spaceId: `sp-${key}`, ...extra });

test('When no sibling is marked default, Then the first is; a marked one is; groups and root sections share one order', () => {
  const plan = planStructure(
    [section('a'), space('a1', 'a'), space('a2', 'a', { default: true }), { type: 'section-group', key: 'g', parentKey: null, title: 'G' }, section('b', 'g'), space('b1', 'b'), section('c', null, { default: true }), space('c1', 'c')],
    empty,
  );
  expect(plan.sections.map((s) => [s.node.key, s.position, s.isDefault])).toEqual([
    ['a', 1, false],
    ['b', 1, false],
    ['c', 3, true],
  ]);
  expect(plan.groups.map((g) => [g.node.key, g.position])).toEqual([['g', 2]]);
  expect(plan.siteSpaces.map((s) => [s.node.key, s.position, s.isDefault])).toEqual([
    ['a1', 1, false],
    ['a2', 2, true],
    ['b1', 1, true],
    ['c1', 1, true],
  ]);
});

test('When rows exist, Then keys claim them first, rows never synced are adopted by what they show, and the rest are removed', () => {
  const current: CurrentStructure = {
    groups: [{ id: 'G1', key: null, title: 'Other' }],
    sections: [{ id: 'S1', key: 'a', path: 'old' }, { id: 'S2', key: null, path: 'b' }, { id: 'S3', key: null, path: 'gone' }],
    siteSpaces: [{ id: 'X1', key: null, sectionId: null, spaceId: 'sp-a1' }, { id: 'X2', key: 'b1', sectionId: 'S2', spaceId: 'sp-old' }, { id: 'X3', key: null, sectionId: 'S3', spaceId: 'sp-elsewhere' }],
  };
  const plan = planStructure([section('a'), space('a1', 'a'), section('b'), space('b1', 'b')], current);
  expect(plan.sections.map((s) => s.rowId)).toEqual(['S1', 'S2']);
  expect(plan.siteSpaces.map((s) => s.rowId)).toEqual(['X1', 'X2']);
  expect(plan.remove).toEqual({ groups: ['G1'], sections: ['S3'], siteSpaces: ['X3'] });
});

test('When a group sits in a group, Then its sections are the outer group s, in their order', () => {
  const plan = planStructure([{ type: 'section-group', key: 'g', parentKey: null, title: 'G' }, { type: 'section-group', key: 'h', parentKey: 'g', title: 'H' }, section('s', 'h'), space('x', 's'), section('t', 'g'), space('y', 't')], empty);
  expect(plan.groups.map((g) => g.node.key)).toEqual(['g']);
  expect(plan.sections.map((s) => [s.node.key, s.node.parentKey, s.position])).toEqual([
    ['s', 'g', 1],
    ['t', 'g', 2],
  ]);
});

test('When a file puts a space outside the sections of a site with sections, a section in a section, or reuses a key, Then it is refused', () => {
  expect(() => planStructure([section('a'), space('x', null)], empty)).toThrow(StructureError);
  expect(() => planStructure([section('a'), section('b', 'a'), space('x', 'b')], empty)).toThrow(/at the root or in a section group/);
  expect(() => planStructure([space('a', null), space('a', null)], empty)).toThrow(/same key/);
  expect(() => planStructure([space('a', null), space('b', 'a')], empty)).toThrow(StructureError);
});
