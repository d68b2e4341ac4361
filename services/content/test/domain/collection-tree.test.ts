import { createsCycle, initialVisibility, visibilityUnder } from '../../src/domain/collection-tree';

describe('cycles in the collection tree', () => {
  test('When a collection goes to the top level, Then there is no cycle', () => {
    expect(createsCycle('a', null, [])).toBe(false);
  });
  test('When a collection would become its own parent, Then it is a cycle', () => {
    expect(createsCycle('a', 'a', [])).toBe(true);
  });
  test('When the new parent is nested in the collection, at any depth, Then it is a cycle', () => {
    // a > b > c: moving a under c.
    expect(createsCycle('a', 'c', ['b', 'a'])).toBe(true);
    expect(createsCycle('a', 'b', ['a'])).toBe(true);
  });
  test('When the new parent is a sibling or an ancestor, Then there is no cycle', () => {
    expect(createsCycle('c', 'a', [])).toBe(false);
    expect(createsCycle('b', 'x', ['root'])).toBe(false);
  });
});

describe('visibility of a placed space', () => {
  test('When a space is created in a collection, Then it follows the collection; at the top level it is private', () => {
    expect(initialVisibility('col')).toBe('in-collection');
    expect(initialVisibility(null)).toBe('private');
  });
  test('When an in-collection space leaves every collection, Then it falls back to private', () => {
    expect(visibilityUnder('in-collection', null)).toBe('private');
  });
  test.each([['public'], ['unlisted'], ['share-link'], ['visitor-auth'], ['private']])('When a %s space leaves its collection, Then it keeps its visibility', (v) => {
    expect(visibilityUnder(v, null)).toBe(v);
  });
  test('When an in-collection space moves to another collection, Then it stays in-collection', () => {
    expect(visibilityUnder('in-collection', 'other')).toBe('in-collection');
  });
});
