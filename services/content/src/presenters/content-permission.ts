import { presentUser, type UserLike } from '@dp/presenters';
import type { Links } from '@dp/http';
import type { UserPermissionRow } from '../data/content-permissions';

/** The official UserContentPermission; a grant whose user content has no copy of is left out. */
export const presentUserPermission = (row: UserPermissionRow, user: UserLike | undefined, links: Links) =>
  user ? [{ permission: row.role, user: presentUser(user, links) }] : [];
