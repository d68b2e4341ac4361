import { WITHDRAWAL_WINDOW_MS, withdrawalProblem } from '../../src/domain/space-withdrawal';

describe('withdrawing a space just created for a member', () => {
  const created = new Date('2026-01-01T00:00:00Z');
  const space = { created_by: 'u1', created_at: created };

  test('When the creator is named within the window, Then it can be withdrawn', () => {
    expect(withdrawalProblem(space, 'u1', new Date(created.getTime() + WITHDRAWAL_WINDOW_MS))).toBeUndefined();
  });

  test('When another user is named, or the window has passed, Then it cannot', () => {
    expect(withdrawalProblem(space, 'u2', created)).toMatch(/created by that user/);
    expect(withdrawalProblem(space, 'u1', new Date(created.getTime() + WITHDRAWAL_WINDOW_MS + 1))).toMatch(/too old/);
  });
});
