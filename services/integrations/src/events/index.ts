import type { AnyEventHandler } from '@dp/bus';
import { onIdentityOrganizationCreated } from './handlers/on-identity-organization-created';
import { onIdentityOrganizationUpdated } from './handlers/on-identity-organization-updated';
import { onSitesSitePublished } from './handlers/on-sites-site-published';

/** The events this context consumes, one handler file per type in handlers/. */
export const handlers = (): AnyEventHandler[] => [onIdentityOrganizationCreated, onIdentityOrganizationUpdated, onSitesSitePublished];
