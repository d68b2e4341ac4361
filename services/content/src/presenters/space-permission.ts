import { presentUser, type UserLike } from '@dp/presenters';
import type { Links } from '@dp/http';
import type { SpaceUserPermissionRow } from '../data/space-permissions';

/** The official UserContentPermission; a grant whose user content has no copy of is left out. */
export const presentUserPermission = (row: SpaceUserPermissionRow, user: UserLike | undefined, links: Links) =>
  user ? [{ permission: row.role, user: presentUser(user, links) }] : [];
