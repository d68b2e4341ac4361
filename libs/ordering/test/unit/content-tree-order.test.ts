import { insertionIndex, isSamePlace, POSITION_STEP, PositionError, positionsAt, siblingKey, type Sibling } from '../../src';

/** One item placed, as content places a collection or a space in its tree. */
const positionAt = (siblings: Sibling[], index: number) => {
  const { positions, renumbered } = positionsAt(siblings, index);
  return { position: positions[0], ...(renumbered ? { renumbered } : {}) };
};
const asContent = (key: string) => key.replace(':', ' ');

const s = (key: string, position: number): Sibling => ({ key, position });
const three = [s('space:a', 1024), s('collection:b', 2048), s('space:c', 3072)];

describe('where an item of content\'s tree goes among its siblings', () => {
  test('When no position is given, Then it goes last', () => {
    expect(insertionIndex(three, {})).toBe(3);
    expect(insertionIndex([], {})).toBe(0);
  });
  test('When it goes before or after a sibling, Then it takes the slot next to it', () => {
    expect(insertionIndex(three, { before: 'space:a' })).toBe(0);
    expect(insertionIndex(three, { after: 'space:a' })).toBe(1);
    expect(insertionIndex(three, { before: 'space:c' })).toBe(2);
    expect(insertionIndex(three, { after: 'space:c' })).toBe(3);
  });
  test('When before and after name adjacent siblings, after first, Then the slot between them is taken', () => {
    expect(insertionIndex(three, { after: 'space:a', before: 'collection:b' })).toBe(1);
  });
  test('When before and after are not adjacent, Then it is an error', () => {
    expect(() => insertionIndex(three, { after: 'space:a', before: 'space:c' })).toThrow(PositionError);
    expect(() => insertionIndex(three, { after: 'collection:b', before: 'space:a' })).toThrow(/adjacent/);
  });
  test('When the reference is not a sibling, Then it is an error naming the field', () => {
    expect(() => insertionIndex(three, { before: 'space:zzz' }, asContent)).toThrow('position.before: space zzz is not a sibling of the item moved');
    expect(() => insertionIndex(three, { after: 'collection:a' })).toThrow(/position\.after/);
  });
  test('When keys are built, Then spaces and collections of the same id differ', () => {
    expect(siblingKey('space', 'x')).not.toBe(siblingKey('collection', 'x'));
  });
});

describe('the position of a placed item', () => {
  test('When there is no sibling, Then it is one step', () => {
    expect(positionAt([], 0)).toEqual({ position: POSITION_STEP });
  });
  test('When it goes first or last, Then it is one step beyond the end', () => {
    expect(positionAt(three, 0)).toEqual({ position: 0 });
    expect(positionAt(three, 3)).toEqual({ position: 3072 + POSITION_STEP });
  });
  test('When it goes between two siblings, Then it takes the midpoint and nobody else moves', () => {
    expect(positionAt(three, 1)).toEqual({ position: 1536 });
    expect(positionAt(three, 2)).toEqual({ position: 2560 });
  });
  test('When the gap between two siblings is exhausted, Then every sibling is renumbered around the slot', () => {
    const tight = [s('space:a', 1), s('space:b', 1 + Number.EPSILON)];
    const placed = positionAt(tight, 1);
    expect(placed).toEqual({ position: 2 * POSITION_STEP, renumbered: [s('space:a', POSITION_STEP), s('space:b', 3 * POSITION_STEP)] });
  });
  test('When items are inserted again and again at the same place, Then the order always holds', () => {
    let list: Sibling[] = [s('space:first', 1024), s('space:last', 2048)];
    for (let i = 0; i < 200; i++) {
      const { position, renumbered } = positionAt(list, 1);
      if (renumbered) list = renumbered;
      list = [...list.slice(0, 1), s(`space:n${i}`, position), ...list.slice(1)].sort((x, y) => x.position - y.position);
      expect(list[1].key).toBe(`space:n${i}`);
    }
    expect(list[0].key).toBe('space:first');
    expect(list[list.length - 1].key).toBe('space:last');
    expect(new Set(list.map((x) => x.position)).size).toBe(list.length);
  });
  test('When the index is out of range, Then it throws', () => {
    expect(() => positionAt(three, 4)).toThrow(RangeError);
  });
});

describe('a move that changes nothing', () => {
  test('When the item would stay in its slot, Then it is the same place', () => {
    expect(isSamePlace(three, 'space:c', {})).toBe(true);
    expect(isSamePlace(three, 'space:a', { before: 'collection:b' })).toBe(true);
    expect(isSamePlace(three, 'collection:b', { after: 'space:a' })).toBe(true);
  });
  test('When the item would change slot, Then it is not', () => {
    expect(isSamePlace(three, 'space:a', {})).toBe(false);
    expect(isSamePlace(three, 'space:c', { before: 'space:a' })).toBe(false);
    expect(isSamePlace(three, 'space:new', {})).toBe(false);
  });
});
