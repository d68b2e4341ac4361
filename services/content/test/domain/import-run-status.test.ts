import { ACTIVE_STATUSES, activeSince, REPORT_GRACE_MS, statusesOf } from '../../src/domain/import/run-status';

describe('import run status', () => {
  test('A run is left behind once it has not been updated for the deadline and the grace period', () => {
    expect(activeSince(1_000_000, 60_000).getTime()).toBe(1_000_000 - 60_000 - REPORT_GRACE_MS);
  });

  test('The list filter `active` is pending and in-progress; any other status is itself', () => {
    expect(statusesOf('active')).toEqual(ACTIVE_STATUSES);
    expect(ACTIVE_STATUSES).toEqual(['pending', 'in-progress']);
    expect(statusesOf('failed')).toEqual(['failed']);
  });
});
