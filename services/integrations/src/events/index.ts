import type { AnyEventHandler } from '@dp/bus';
import { onContentSpaceCreated } from './handlers/on-content-space-created';
import { onContentSpaceDeleted } from './handlers/on-content-space-deleted';
import { onIdentityOrganizationCreated } from './handlers/on-identity-organization-created';
import { onIdentityOrganizationUpdated } from './handlers/on-identity-organization-updated';
import { onSitesSiteCreated } from './handlers/on-sites-site-created';
import { onSitesSiteDeleted } from './handlers/on-sites-site-deleted';
import { onSitesSitePublished } from './handlers/on-sites-site-published';

/** The events this context consumes, one handler file per type in handlers/. */
export const handlers = (): AnyEventHandler[] => [
  onIdentityOrganizationCreated,
  onIdentityOrganizationUpdated,
  onSitesSitePublished,
  onSitesSiteCreated,
  onSitesSiteDeleted,
  onContentSpaceCreated,
  onContentSpaceDeleted,
];
