import type { AnyEventHandler } from '@dp/bus';
import { onContentSpaceDeleted } from './handlers/on-content-space-deleted';
import { onContentSpacePurged } from './handlers/on-content-space-purged';
import { onContentSpaceRestored } from './handlers/on-content-space-restored';
import { onContentSpaceUpdated } from './handlers/on-content-space-updated';
import { onContentGitSyncSiteStructureRead } from './handlers/on-content-git-sync-site-structure-read';
import { onMemberRemoved, onTeamDeleted } from '@dp/grants';
import { SITE_GRANTS } from '../commands/site-grants';

/** The events this context consumes: one handler file per type in handlers/, and the grants' own from @dp/grants. */
export const handlers = (): AnyEventHandler[] => [
  onContentSpaceUpdated,
  onContentSpaceDeleted,
  onContentSpaceRestored,
  onContentSpacePurged,
  onContentGitSyncSiteStructureRead,
  onMemberRemoved([SITE_GRANTS]),
  onTeamDeleted([SITE_GRANTS]),
];
