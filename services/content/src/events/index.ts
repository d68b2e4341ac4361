import type { AnyEventHandler } from '@dp/bus';
import { onIdentityUserCreated } from './handlers/on-identity-user-created';
import { onContentRevisionCreated } from './handlers/on-content-revision-created';
import { onIdentityTeamDeleted } from './handlers/on-identity-team-deleted';
import { onIdentityMemberRemoved } from './handlers/on-identity-member-removed';

/** The events content consumes, one handler file per type in handlers/. */
export const handlers = (): AnyEventHandler[] => [onIdentityUserCreated, onIdentityMemberRemoved, onIdentityTeamDeleted, onContentRevisionCreated];
