/** Rules of a space's life: the restore window and the locked edit mode. Pure, unit-tested. */
const DAY_MS = 86_400_000;

export function isRestorable(deletedAt: Date | null, now: Date, windowDays: number): boolean {
  return !!deletedAt && now.getTime() - deletedAt.getTime() <= windowDays * DAY_MS;
}

export function purgeCutoff(now: Date, windowDays: number): Date {
  return new Date(now.getTime() - windowDays * DAY_MS);
}

export type SpaceSettingsField = 'title' | 'emoji' | 'editMode' | 'defaultLevel';

/**
 * A locked space refuses every edit; only changing `editMode` itself (by an admin) is allowed, so that it
 * can be unlocked. Returns the fields that the lock refuses.
 */
export function fieldsRefusedByLock(editMode: string, fields: SpaceSettingsField[]): SpaceSettingsField[] {
  if (editMode !== 'locked') return [];
  return fields.filter((f) => f !== 'editMode');
}

/** Settings that need admin rights; the others need edit rights. */
export function abilityForSpacePatch(fields: SpaceSettingsField[]): 'admin' | 'edit' {
  return fields.some((f) => f === 'editMode' || f === 'defaultLevel') ? 'admin' : 'edit';
}
