/**
 * Change request states. `draft` and `open` are worked on; `archived` is shelved; `merged` is final and only
 * reached by merging. Allowed PATCH moves: draft <-> open, draft|open -> archived, archived -> draft|open.
 */
export type ChangeRequestStatus = 'draft' | 'open' | 'archived' | 'merged';

const MOVES: Record<ChangeRequestStatus, ChangeRequestStatus[]> = {
  draft: ['open', 'archived'],
  open: ['draft', 'archived'],
  archived: ['draft', 'open'],
  merged: [],
};

export function canMoveStatus(from: ChangeRequestStatus, to: ChangeRequestStatus): boolean {
  return from === to || MOVES[from].includes(to);
}

/** Content can be authored, merged or updated only while the change request is being worked on. */
export function isEditable(status: ChangeRequestStatus): boolean {
  return status === 'draft' || status === 'open';
}

/** The revision of main the change request last synced with: its base for a merge or an update. */
export function mergeBase(cr: { revision_initial: string; revision_merged_ancestor: string | null }): string {
  return cr.revision_merged_ancestor ?? cr.revision_initial;
}

/** True exactly when main has moved since the change request last synced with it. */
export function isOutdated(cr: { status: string; revision_initial: string; revision_merged_ancestor: string | null }, liveRevisionId: string): boolean {
  return cr.status !== 'merged' && mergeBase(cr) !== liveRevisionId;
}
