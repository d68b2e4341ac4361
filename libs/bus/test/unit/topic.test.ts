import { topicMatches } from '../../src/topic';

test.each([
  ['content.space.deleted', 'content.space.deleted', true],
  ['content.space.*', 'content.space.deleted', true],
  ['content.*', 'content.space.deleted', false],
  ['content.#', 'content.space.deleted', true],
  ['#', 'a.b.c', true],
  ['#.deleted', 'content.space.deleted', true],
  ['*.space.*', 'sites.space.x', true],
  ['content.space.deleted', 'content.space.restored', false],
  ['content.#.deleted', 'content.deleted', true],
])('When the pattern is %s and the key %s, Then it matches: %p', (pattern, key, expected) => {
  expect(topicMatches(pattern, key)).toBe(expected);
});
