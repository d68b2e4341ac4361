import type { Knex } from 'knex';
import { ROLE_LADDER, type Role } from '@dp/auth';
import { paginate, type ListParams, type Page } from '@dp/db';
import type { UserRow } from './users';

/** Roles granted on one object of another context, by user id and by team id (docs/adr/0099). */
export interface ObjectGrants {
  users: Record<string, Role>;
  teams: Record<string, Role>;
  /** The default level that decides there (docs/adr/0101); absent: members have their organization role. */
  cut?: { level: Role | null; createdBy: string };
}

export type AccessRow = {
  seq: string;
  rank: number;
  /** Where the role comes from: the organization role (0 when granted above it), the user's grant, else a team's. */
  org_rank: number;
  user_rank: number;
  team_id: string | null;
  user: Pick<UserRow, 'id' | 'email' | 'display_name' | 'photo_url'>;
};

/**
 * Everyone in the organization who has access to an object (docs/adr/0099): each live member's effective role
 * there is the highest of what they have by default (their organization role, or what the object's default level
 * gives members: docs/adr/0101, `defaultRoleOf`), their grant and their teams' grants (ranked by the role
 * ladder; 0: none), with where it comes from. Guests count only through grants. `role` keeps those whose
 * effective role is exactly it.
 */
export function listAccess(db: Knex, organizationId: string, grants: ObjectGrants, params: ListParams & { role?: Role }): Promise<Page<AccessRow>> {
  const ladder = [...ROLE_LADDER];
  const ranked = db.raw(
    `(select *, greatest(org_rank, user_rank, team_rank) as rank from (
        select m.seq, json_build_object('id', u.id, 'email', u.email, 'display_name', u.display_name, 'photo_url', u.photo_url) as "user",
          coalesce(case
            when m.role is null then 0
            when m.role = 'admin' or not :cut::boolean then array_position(:ladder::text[], m.role)
            when :cutLevel::text is null then case when m.user_id = :cutBy then array_position(:ladder::text[], m.role) else 0 end
            else array_position(:ladder::text[], :cutLevel::text)
          end, 0) as org_rank,
          coalesce((select array_position(:ladder::text[], g.value) from jsonb_each_text(:users::jsonb) g where g.key = m.user_id), 0) as user_rank,
          coalesce(t.rank, 0) as team_rank, t.team_id
        from members m
        join users u on u.id = m.user_id
        left join lateral (
          select array_position(:ladder::text[], g.value) as rank, tm.team_id
          from team_members tm join jsonb_each_text(:teams::jsonb) g on g.key = tm.team_id
          where tm.organization_id = m.organization_id and tm.user_id = m.user_id
          order by 1 desc, 2 limit 1
        ) t on true
        where m.organization_id = :organizationId and not m.disabled
      ) ranks) as access`,
    {
      ladder,
      users: JSON.stringify(grants.users),
      teams: JSON.stringify(grants.teams),
      organizationId,
      cut: grants.cut !== undefined,
      cutLevel: grants.cut?.level ?? null,
      cutBy: grants.cut?.createdBy ?? '',
    },
  );
  const query = db.from(ranked).where('rank', '>', 0);
  if (params.role) query.where('rank', ROLE_LADDER.indexOf(params.role) + 1);
  return paginate<AccessRow>(query, params);
}

/** The role of a rank `listAccess` answers. */
export const roleOfRank = (rank: number): Role => ROLE_LADDER[rank - 1];

/** Where a member's role on the object comes from: the organization, their own grant, or a team's (the first that reaches it). */
export function originOf(row: AccessRow): { type: 'organization' } | { type: 'grant'; reason: 'member' } | { type: 'grant'; reason: 'team'; team: string } {
  if (row.org_rank === row.rank) return { type: 'organization' };
  if (row.user_rank === row.rank || !row.team_id) return { type: 'grant', reason: 'member' };
  return { type: 'grant', reason: 'team', team: row.team_id };
}
