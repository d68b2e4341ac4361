import type { Ability, Caller } from '@dp/auth';
import type { Knex } from 'knex';
import type { GrantTarget } from '../data/content-permissions';
import { loadAuthorizedCollection } from './load-collection';
import { loadAuthorizedSpace } from './load-space';

/** A space or a collection whose grants are read or changed (docs/adr/0096). */
export interface GrantOn {
  target: GrantTarget;
  id: string;
}

/** The space or collection, authorized for `ability` with the caller's role on it (locked in a transaction, as its loader locks). */
export async function loadGrantTarget(db: Knex, caller: Caller, on: GrantOn, ability: Ability): Promise<{ organizationId: string }> {
  if (on.target === 'space') return { organizationId: (await loadAuthorizedSpace(db, caller, on.id, ability)).space.organization_id };
  return { organizationId: (await loadAuthorizedCollection(db, caller, on.id, ability)).collection.organization_id };
}
