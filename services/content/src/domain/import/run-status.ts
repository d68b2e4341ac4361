/**
 * The states of an import run (official ContentImportRun `status`, docs/adr/0061). A run is `pending` until its
 * crawl starts, `in-progress` until it wrote its pages (`completed`) or gave up (`failed`, with a reason), or a
 * caller cancelled it first (`cancelled`). Runs live in the process that started them: a run still active past
 * its deadline and a grace period never reported back (its process stopped) and is marked failed. Pure.
 */
export const IMPORT_RUN_STATUSES = ['pending', 'in-progress', 'completed', 'failed', 'cancelled'] as const;
export type ImportRunStatus = (typeof IMPORT_RUN_STATUSES)[number];
export const ACTIVE_STATUSES: readonly ImportRunStatus[] = ['pending', 'in-progress'];

/** Time past the deadline a run may take to write its pages and report. */
export const REPORT_GRACE_MS = 60_000;
export const LEFT_BEHIND_REASON = 'The import did not report back before its deadline (the process running it stopped)';

/** The oldest `updated_at` an active run may have and still be running; older ones are marked failed. */
export const activeSince = (now: number, deadlineMs: number) => new Date(now - deadlineMs - REPORT_GRACE_MS);

/** What the `status` filter of the list selects (`active`: pending and in-progress). */
export const statusesOf = (filter: ImportRunStatus | 'active'): readonly ImportRunStatus[] => (filter === 'active' ? ACTIVE_STATUSES : [filter]);
