import type { Ability, Caller, Role } from '@dp/auth';
import { HttpError, notFound } from '@dp/http';
import type { Knex } from 'knex';
import { findChangeRequest, lockChangeRequest, type ChangeRequestRow } from '../data/change-requests';
import type { SpaceRow } from '../data/spaces';
import { isEditable, type ChangeRequestStatus } from '../domain/change-request-status';
import { loadAuthorizedSpace } from './load-space';

/**
 * Loads a space and one of its change requests (by id or number) and authorizes `ability`. In a transaction
 * both rows are locked, the space first: FOR SHARE when `shared`, so authoring different change requests
 * of one space runs side by side while a merge (FOR UPDATE on the space) waits for them.
 */
export async function loadChangeRequest(
  db: Knex,
  caller: Caller,
  spaceId: string,
  changeRequestId: string,
  ability: Ability,
  opts: { shared?: boolean; editable?: boolean } = {},
): Promise<{ space: SpaceRow; cr: ChangeRequestRow; role: Role }> {
  const { space, role } = await loadAuthorizedSpace(db, caller, spaceId, ability, { shared: opts.shared });
  const cr = db.isTransaction ? await lockChangeRequest(db as Knex.Transaction, space.id, changeRequestId) : await findChangeRequest(db, space.id, changeRequestId);
  if (!cr) throw notFound('Change request');
  if (opts.editable && !isEditable(cr.status as ChangeRequestStatus)) throw new HttpError(409, `Change request #${cr.number} is ${cr.status}: its content can no longer change`);
  if (opts.editable && space.edit_mode === 'locked') throw new HttpError(403, 'Space is locked: edits are refused until editMode is set back to "live"');
  return { space, cr, role };
}
