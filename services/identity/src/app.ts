import type { Express } from 'express';
import { buildServiceApp, type AppDeps } from '@dp/runtime';
import type { IdentityConfig } from './config';
import { adminRouter } from './http/admin';
import { usersRouter } from './http/users';
import { organizationsRouter } from './http/organizations';
import { membersRouter } from './http/members';
import { internalRouter } from './http/internal';
import { tokensRouter } from './http/tokens';
import { linkInvitesRouter } from './http/link-invites';
import { teamsRouter } from './http/teams';
import { samlProvidersRouter } from './http/saml-providers';
import { ssoRouter } from './http/sso';
import { samlLinksRouter } from './http/saml-links';
import { auditEventsRouter } from './http/audit-events';
import { accessOfUser } from './data/principals';

export function createApp(deps: AppDeps<IdentityConfig>): Express {
  return buildServiceApp('identity', deps, (ctx) => [adminRouter(ctx), usersRouter(ctx), organizationsRouter(ctx), membersRouter(ctx), teamsRouter(ctx), samlProvidersRouter(ctx), ssoRouter(ctx), samlLinksRouter(ctx), tokensRouter(ctx), linkInvitesRouter(ctx), auditEventsRouter(ctx), internalRouter(ctx)], {
    // Roles (and teams) that did not fit in an assertion come from identity's own tables, not from a call to itself.
    memberships: (userId) => accessOfUser(deps.db, userId),
  });
}
