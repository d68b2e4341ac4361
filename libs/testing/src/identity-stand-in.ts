import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROLE_LADDER, type Role } from '@dp/auth';
import { defaultRoleOf, type DefaultCut } from '@dp/grants';

/**
 * Identity's internal lookups that a context's grant operations ask (@dp/grants, docs/adr/0096-0098), answered by a server the
 * test runs on 127.0.0.1 from what the test says: who is in the organization, with which organization role, and
 * which teams exist with whom in them. The service's own app and database are real; only identity is played.
 */
export function identityStandIn() {
  /** Users in the organization. */
  const members = new Set<string>();
  /** Users of the platform outside the organization: an invite makes them guests (others are no user). */
  const strangers = new Set<string>();
  /** Display names of members (absent: their id). */
  const names = new Map<string, string>();
  /** Organization roles of members (absent: a guest). */
  const orgRoles = new Map<string, Role>();
  /** The organization's teams: id -> title and members. */
  const teams = new Map<string, { title: string; members: Set<string> }>();
  let server: Server | undefined;

  const user = (id: string) => ({ object: 'user', id, displayName: names.get(id) ?? id, urls: { location: `http://identity.test/v1/users/${id}` } });
  const answer = (req: IncomingMessage, body: string): { status: number; json?: unknown } => {
    const url = req.url ?? '';
    if (url.endsWith('/members/batch')) {
      const ids: string[] = JSON.parse(body).userIds;
      return { status: 200, json: { items: ids.filter((id) => members.has(id)).map((id) => ({ object: 'member', id, role: orgRoles.get(id) ?? null, disabled: false, user: user(id) })) } };
    }
    if (url.endsWith('/teams/batch')) {
      const ids: string[] = JSON.parse(body).teamIds;
      const items = ids.flatMap((id) => {
        const team = teams.get(id);
        return team ? [{ object: 'team', id, title: team.title, members: team.members.size, spaces: 0, createdAt: new Date(0).toISOString(), permissions: { admin: true, view: true } }] : [];
      });
      return { status: 200, json: { items } };
    }
    if (url.endsWith('/guests')) {
      const ids: string[] = JSON.parse(body).userIds;
      const unknown = ids.filter((id) => !strangers.has(id) && !members.has(id));
      if (unknown.length === 0) for (const id of ids) members.add(id);
      return { status: 200, json: { added: unknown.length ? [] : ids, unknown } };
    }
    if (url.endsWith('/access')) {
      // Identity's aggregate: each member's highest of their default role, grant and teams' grants (no paging here).
      const asked: { users: Record<string, Role>; teams: Record<string, Role>; cut?: DefaultCut; role?: Role; limit?: number } = JSON.parse(body);
      const rank = (role: Role | undefined) => (role ? ROLE_LADDER.indexOf(role) + 1 : 0);
      const items = [...members].flatMap((id) => {
        const viaTeams = [...teams].filter(([, t]) => t.members.has(id)).map(([teamId]) => ({ team: teamId, rank: rank(asked.teams[teamId]) }));
        const [org, own] = [rank(defaultRoleOf(orgRoles.get(id), asked.cut, id)), rank(asked.users[id])];
        const best = Math.max(org, own, ...viaTeams.map((t) => t.rank));
        if (best === 0 || (asked.role && best !== rank(asked.role))) return [];
        const team = viaTeams.find((t) => t.rank === best)?.team;
        const origin = org === best ? { type: 'organization' } : own === best || !team ? { type: 'grant', reason: 'member' } : { type: 'grant', reason: 'team', team };
        return [{ permission: ROLE_LADDER[best - 1], user: user(id), origin }];
      });
      return { status: 200, json: { items: items.slice(0, asked.limit ?? 50), count: items.length } };
    }
    const memberTeams = /\/members\/([^/]+)\/teams$/.exec(url);
    if (memberTeams) {
      const userId = decodeURIComponent(memberTeams[1]);
      if (!members.has(userId)) return { status: 404, json: { error: { code: 404, message: 'Member not found' } } };
      return { status: 200, json: { teams: [...teams].filter(([, t]) => t.members.has(userId)).map(([id]) => id) } };
    }
    return { status: 404, json: { error: { code: 404, message: `${url} is not played` } } };
  };

  return {
    members,
    strangers,
    names,
    orgRoles,
    teams,
    /** The ids of the teams `userId` is in, as the gateway's principal would carry them. */
    teamsOf: (userId: string) => [...teams].filter(([, t]) => t.members.has(userId)).map(([id]) => id),
    async start(): Promise<{ IDENTITY_URL: string }> {
      server = createServer((req: IncomingMessage, res: ServerResponse) => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          const { status, json } = answer(req, body);
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
        });
      });
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      return { IDENTITY_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    },
    close: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}

export type IdentityStandIn = ReturnType<typeof identityStandIn>;
