import { iso, type Links } from '@dp/http';
import type { MemberWithUser } from '../data/members';
import { presentUser } from './user';

export function presentMember(member: MemberWithUser, links: Links) {
  return {
    object: 'member' as const,
    id: member.user_id,
    role: member.role,
    user: presentUser(member.user, links),
    disabled: member.disabled,
    joinedAt: iso(member.joined_at)!,
    ...(member.last_seen_at ? { lastSeenAt: iso(member.last_seen_at) } : {}),
    sso: member.sso,
    // Direct space and site memberships do not exist on this platform yet: 0 is the true count.
    spaces: 0,
    teams: member.teams,
    sites: 0,
  };
}
