import type { AnyEventHandler } from '@dp/bus';
import { onContentSpaceDeleted } from './handlers/on-content-space-deleted';
import { onContentSpacePurged } from './handlers/on-content-space-purged';
import { onContentSpaceRestored } from './handlers/on-content-space-restored';
import { onContentSpaceUpdated } from './handlers/on-content-space-updated';
import { onIdentityMemberRemoved } from './handlers/on-identity-member-removed';
import { onIdentityTeamDeleted } from './handlers/on-identity-team-deleted';

/** The events this context consumes, one handler file per type in handlers/. */
export const handlers = (): AnyEventHandler[] => [onContentSpaceUpdated, onContentSpaceDeleted, onContentSpaceRestored, onContentSpacePurged, onIdentityMemberRemoved, onIdentityTeamDeleted];
