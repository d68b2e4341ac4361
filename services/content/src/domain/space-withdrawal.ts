/** How long after its creation a space can still be withdrawn by the service that created it (ADR 0039). */
export const WITHDRAWAL_WINDOW_MS = 10 * 60_000;

/**
 * Why a space cannot be withdrawn, or undefined when it can: only the space `createdBy` created, within the
 * window, so a service can take back what it just made and nothing older or anyone else's.
 */
export function withdrawalProblem(space: { created_by: string; created_at: Date }, createdBy: string, now: Date): string | undefined {
  if (space.created_by !== createdBy) return 'Only a space created by that user can be withdrawn';
  if (now.getTime() - space.created_at.getTime() > WITHDRAWAL_WINDOW_MS) return 'The space is too old to be withdrawn: delete it instead';
  return undefined;
}
