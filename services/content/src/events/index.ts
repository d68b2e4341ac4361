import type { AnyEventHandler } from '@dp/bus';
import { onIdentityUserCreated } from './handlers/on-identity-user-created';
import { onIdentityOrganizationUpdated } from './handlers/on-identity-organization-updated';
import { onContentRevisionCreated } from './handlers/on-content-revision-created';
import { onTranslationCompleted } from './handlers/on-translation-completed';
import { onTranslationDeleted } from './handlers/on-translation-deleted';
import { onSitesSiteDeleted } from './handlers/on-sites-site-deleted';
import { onMemberRemoved, onTeamDeleted } from '@dp/grants';
import { CONTENT_GRANTS } from '../commands/content-grants';

/** The events content consumes: one handler file per type in handlers/, and the grants' own from @dp/grants. */
export const handlers = (): AnyEventHandler[] => [
  onIdentityUserCreated,
  onIdentityOrganizationUpdated,
  // Grants follow their holders (@dp/grants).
  onMemberRemoved(Object.values(CONTENT_GRANTS)),
  onTeamDeleted(Object.values(CONTENT_GRANTS)),
  onContentRevisionCreated,
  onTranslationCompleted,
  onTranslationDeleted,
  onSitesSiteDeleted,
];
