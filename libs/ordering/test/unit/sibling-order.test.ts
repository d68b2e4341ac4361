import { inSiblingOrder, insertionIndex, isSamePlace, PositionError, POSITION_STEP, positionsAt, type Sibling } from '../../src';

const siblings = (...positions: number[]): Sibling[] => positions.map((position, i) => ({ key: `k${i}`, position }));

describe('where an item goes among its siblings', () => {
  const three = siblings(1, 2, 3);
  test('When neither before nor after is given, Then it goes last', () => expect(insertionIndex(three, {})).toBe(3));
  test('When before a sibling, Then at its index; after one, right after it', () => {
    expect(insertionIndex(three, { before: 'k0' })).toBe(0);
    expect(insertionIndex(three, { after: 'k0' })).toBe(1);
    expect(insertionIndex(three, { after: 'k2' })).toBe(3);
  });
  test('When both name adjacent siblings, after first, Then between them; otherwise it is an error naming the fields', () => {
    expect(insertionIndex(three, { after: 'k0', before: 'k1' })).toBe(1);
    expect(() => insertionIndex(three, { after: 'k1', before: 'k0' })).toThrow(PositionError);
    expect(() => insertionIndex(three, { after: 'k0', before: 'k2' })).toThrow('position.before and position.after');
  });
  test('When a reference is not a sibling, Then it is an error naming the field and, described, the item', () => {
    expect(() => insertionIndex(three, { before: 'nope' }, (k) => `site section ${k}`)).toThrow('position.before: site section nope is not a sibling');
  });
  test('When the item would stay where it is, Then it is the same place', () => {
    expect(isSamePlace(three, 'k1', { after: 'k0' })).toBe(true);
    expect(isSamePlace(three, 'k2', {})).toBe(true);
    expect(isSamePlace(three, 'k0', {})).toBe(false);
  });
});

describe('positions', () => {
  test('When the first item is placed, Then it gets one step; at the ends, one step beyond the neighbour', () => {
    expect(positionsAt([], 0)).toEqual({ positions: [POSITION_STEP] });
    expect(positionsAt(siblings(1024, 2048), 2)).toEqual({ positions: [3072] });
    expect(positionsAt(siblings(1024, 2048), 0)).toEqual({ positions: [0] });
  });
  test('When several items go between two neighbours, Then they are evenly spaced and increasing', () => {
    expect(positionsAt(siblings(0, 1000), 1, 3)).toEqual({ positions: [250, 500, 750] });
    expect(positionsAt(siblings(1000), 0, 2)).toEqual({ positions: [-1048, -24] });
  });
  test('When halving the same gap runs out of floating point room, Then the siblings are renumbered around a free slot', () => {
    let list = siblings(1024, 2048);
    let renumbered = 0;
    for (let i = 0; i < 200; i++) {
      const placement = positionsAt(list, 1);
      if (placement.renumbered) {
        renumbered++;
        list = placement.renumbered;
      }
      const [position] = placement.positions;
      expect(position).toBeGreaterThan(list[0].position);
      expect(position).toBeLessThan(list[1].position);
      // the new item becomes the second sibling; the next one squeezes in before it
      list = [list[0], { key: `n${i}`, position }, ...list.slice(1)];
    }
    expect(renumbered).toBeGreaterThan(0);
    const sorted = inSiblingOrder(list);
    expect(sorted.map((s) => s.key)).toEqual(list.map((s) => s.key));
    expect(new Set(list.map((s) => s.position)).size).toBe(list.length);
  });
  test('When a renumbering happens, Then every sibling keeps its order and the slot at the index is free', () => {
    const tight = [
      { key: 'a', position: 1 },
      { key: 'b', position: 1 + Number.EPSILON },
    ];
    const placement = positionsAt(tight, 1);
    expect(placement.renumbered).toEqual([
      { key: 'a', position: POSITION_STEP },
      { key: 'b', position: 3 * POSITION_STEP },
    ]);
    expect(placement.positions).toEqual([2 * POSITION_STEP]);
  });
  test('When equal positions exist, Then sibling order still gives one order, by key', () => {
    expect(inSiblingOrder([{ key: 'b', position: 1 }, { key: 'a', position: 1 }, { key: 'c', position: 0 }]).map((s) => s.key)).toEqual(['c', 'a', 'b']);
  });
});
