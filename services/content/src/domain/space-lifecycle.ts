/** Rules of a space's life: the restore window and the locked edit mode. Pure, unit-tested. */
const DAY_MS = 86_400_000;

export function isRestorable(deletedAt: Date | null, now: Date, windowDays: number): boolean {
  return !!deletedAt && now.getTime() - deletedAt.getTime() <= windowDays * DAY_MS;
}

export function purgeCutoff(now: Date, windowDays: number): Date {
  return new Date(now.getTime() - windowDays * DAY_MS);
}

export type SpaceSettingsField = 'title' | 'emoji' | 'editMode' | 'defaultLevel' | 'mergeRules' | 'language';

/**
 * A locked space refuses every edit; only changing `editMode` itself (by an admin) is allowed, so that it
 * can be unlocked, and a patch that unlocks may change other settings with it. Returns the refused fields.
 */
export function fieldsRefusedByLock(currentMode: string, fields: SpaceSettingsField[], nextMode?: string): SpaceSettingsField[] {
  if (currentMode !== 'locked' || nextMode === 'live') return [];
  return fields.filter((f) => f !== 'editMode');
}

/** Settings that need admin rights; the others need edit rights. */
export function abilityForSpacePatch(fields: SpaceSettingsField[]): 'admin' | 'edit' {
  return fields.some((f) => f === 'editMode' || f === 'defaultLevel' || f === 'mergeRules') ? 'admin' : 'edit';
}
