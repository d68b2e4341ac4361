import { abilityForSpacePatch, fieldsRefusedByLock, isRestorable, purgeCutoff } from '../../src/domain/space-lifecycle';

const now = new Date('2026-11-22T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

describe('restore window', () => {
  test.each([
    [null, false],
    [daysAgo(0), true],
    [daysAgo(6.9), true],
    [daysAgo(7), true],
    [daysAgo(7.01), false],
  ])('When deleted at %p, Then restorable is %p', (deletedAt, expected) => {
    expect(isRestorable(deletedAt, now, 7)).toBe(expected);
  });

  test('When purging, Then the cutoff is the window before now', () => {
    expect(purgeCutoff(now, 7)).toEqual(daysAgo(7));
  });
});

describe('locked edit mode', () => {
  test('When live, Then nothing is refused', () => {
    expect(fieldsRefusedByLock('live', ['title', 'emoji'])).toEqual([]);
  });
  test('When locked, Then every field but editMode is refused', () => {
    expect(fieldsRefusedByLock('locked', ['title', 'editMode', 'defaultLevel'])).toEqual(['title', 'defaultLevel']);
  });
  test('When locked and the patch unlocks, Then the other fields may change with it', () => {
    expect(fieldsRefusedByLock('locked', ['title', 'editMode'], 'live')).toEqual([]);
  });
  test('When the patch touches editMode or defaultLevel, Then it needs admin; otherwise edit', () => {
    expect(abilityForSpacePatch(['title', 'emoji'])).toBe('edit');
    expect(abilityForSpacePatch(['title', 'editMode'])).toBe('admin');
    expect(abilityForSpacePatch(['defaultLevel'])).toBe('admin');
  });
});
