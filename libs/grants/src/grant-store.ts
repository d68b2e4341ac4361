import type { Knex } from 'knex';
import { higherRole, type Role } from '@dp/auth';
import { paginate, type ListParams, type Page } from '@dp/db';
import type { DefaultCut } from './default-level';
import type { Grantee, GranteeKind } from './grantee';

/** Where one kind of object keeps its grants: a table per kind of grantee, keyed by the object's id column. */
export interface GrantTables {
  user: string;
  team: string;
  /** The object's id column in both tables (`space_id`, `site_id`). */
  column: string;
}

export interface PermissionRow {
  seq: string;
  /** The user's or the team's id. */
  grantee_id: string;
  role: Role;
  granted_by: string;
  created_at: Date;
  updated_at: Date;
}

const GRANTEE_COLUMN = { user: 'user_id', team: 'team_id' } as const;

/**
 * The grants of one kind of object (docs/adr/0096, 0097): every context that grants roles on its objects stores
 * them in two tables of this shape (object id, user or team id, role, granted_by, times, seq) and reads and
 * writes them through here.
 */
export function grantStore(tables: GrantTables) {
  const { column } = tables;
  const where = (kind: GranteeKind, id: string, granteeId?: string) => ({ [column]: id, ...(granteeId ? { [GRANTEE_COLUMN[kind]]: granteeId } : {}) });
  return {
    /** Grants (or changes) `role` to each user or team on the object. */
    async upsert(trx: Knex.Transaction, kind: GranteeKind, id: string, granteeIds: string[], role: Role, grantedBy: string): Promise<void> {
      if (granteeIds.length === 0) return;
      await trx(tables[kind])
        .insert(granteeIds.map((granteeId) => ({ [column]: id, [GRANTEE_COLUMN[kind]]: granteeId, role, granted_by: grantedBy })))
        .onConflict([column, GRANTEE_COLUMN[kind]])
        .merge({ role, updated_at: trx.fn.now() });
    },
    /** Changes a granted role; false when the user or team had none. */
    async update(trx: Knex.Transaction, kind: GranteeKind, id: string, granteeId: string, role: Role): Promise<boolean> {
      return (await trx(tables[kind]).where(where(kind, id, granteeId)).update({ role, updated_at: trx.fn.now() })) > 0;
    },
    /** Removes a grant; false when there was none. */
    async remove(trx: Knex.Transaction, kind: GranteeKind, id: string, granteeId: string): Promise<boolean> {
      return (await trx(tables[kind]).where(where(kind, id, granteeId)).delete()) > 0;
    },
    /** Removes every grant of a (deleted) team; the ids of the objects it had grants on. */
    async removeTeam(trx: Knex.Transaction, teamId: string): Promise<string[]> {
      const rows = await trx(tables.team).where({ team_id: teamId }).delete().returning<Array<Record<string, string>>>(column);
      return rows.map((r) => r[column]);
    },
    /** Removes a user's grants on the objects `ids` selects (those of the organization they left); those objects' ids. */
    async removeUserOn(trx: Knex.Transaction, userId: string, ids: Knex.QueryBuilder): Promise<string[]> {
      const rows = await trx(tables.user).where({ user_id: userId }).whereIn(column, ids).delete().returning<Array<Record<string, string>>>(column);
      return rows.map((r) => r[column]);
    },
    /** A page of an object's grants of one kind, oldest first. */
    list(db: Knex, kind: GranteeKind, id: string, params: ListParams): Promise<Page<PermissionRow>> {
      return paginate<PermissionRow>(db(tables[kind]).where(where(kind, id)).select('*', `${GRANTEE_COLUMN[kind]} as grantee_id`), params);
    },
    /** Every grant on the objects `ids` (an object and those it inherits from), the highest per user and per team. */
    async grantsOf(db: Knex, ids: string[]): Promise<ObjectGrants> {
      if (ids.length === 0) return { users: {}, teams: {} };
      const [users, teams] = await Promise.all([
        db(tables.user).whereIn(column, ids).select<Array<{ grantee_id: string; role: Role }>>('user_id as grantee_id', 'role'),
        db(tables.team).whereIn(column, ids).select<Array<{ grantee_id: string; role: Role }>>('team_id as grantee_id', 'role'),
      ]);
      return { users: highestBy(users), teams: highestBy(teams) };
    },
    /** The SQL of the grants a grantee holds, theirs or their teams' (`target_id`, `role`), with named bindings `:userId` and `:teams`. */
    heldSql: `select ${column} as target_id, role from ${tables.user} where user_id = :userId
      union all
      select ${column}, role from ${tables.team} where team_id = any(:teams)`,
    /** The roles a grantee holds directly on each of `ids` (theirs and their teams'); several per object. */
    async heldOn(db: Knex, who: Grantee, ids: string[]): Promise<Array<{ id: string; role: Role }>> {
      if (ids.length === 0) return [];
      const users = db(tables.user).where({ user_id: who.userId }).whereIn(column, ids).select(`${column} as id`, 'role');
      const teams = db(tables.team).whereIn('team_id', [...who.teams]).whereIn(column, ids).select(`${column} as id`, 'role');
      return users.unionAll(teams);
    },
  };
}

export type GrantStore = ReturnType<typeof grantStore>;

/**
 * Roles granted on one object, by user id and by team id: the highest each holds there; and the default level
 * that decides what members have there without a grant, when one does (docs/adr/0101).
 */
export interface ObjectGrants {
  users: Record<string, Role>;
  teams: Record<string, Role>;
  cut?: DefaultCut;
}

function highestBy(rows: Array<{ grantee_id: string; role: Role }>): Record<string, Role> {
  const byId: Record<string, Role> = {};
  for (const { grantee_id, role } of rows) byId[grantee_id] = higherRole(byId[grantee_id], role) ?? role;
  return byId;
}

/** Both objects' grants together (an object's own and those it inherits), the highest per user and per team; the first's default cut. */
export function mergeGrants(a: ObjectGrants, b: ObjectGrants): ObjectGrants {
  const merge = (x: Record<string, Role>, y: Record<string, Role>) => highestBy([...Object.entries(x), ...Object.entries(y)].map(([grantee_id, role]) => ({ grantee_id, role })));
  return { users: merge(a.users, b.users), teams: merge(a.teams, b.teams), ...(a.cut ? { cut: a.cut } : {}) };
}

/** The named bindings of `heldSql` for a grantee. */
export const heldBindings = (who: Grantee) => ({ userId: who.userId, teams: [...who.teams] });
