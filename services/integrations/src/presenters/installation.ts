import { iso, type Links } from '@dp/http';
import type { InstallationRow } from '../data/installations';
import { integrationPath } from './integration';

/** IntegrationInstallation JSON (an installation at the organization level). */
export function presentInstallation(installation: InstallationRow, integrationName: string, links: Links) {
  const path = `${integrationPath(integrationName)}/installations/${installation.id}`;
  return {
    id: installation.id,
    status: installation.status,
    space_selection: installation.space_selection,
    site_selection: installation.site_selection,
    // Space and site bindings of an installation do not exist on this platform yet: 0 is the true count.
    spaces: 0,
    configuration: installation.configuration,
    createdAt: iso(installation.created_at)!,
    updatedAt: iso(installation.updated_at)!,
    urls: {
      location: links.api(path),
      app: links.app(`/o/${installation.organization_id}${integrationPath(integrationName)}`),
      // Served by the integration runtime, which comes in a later issue (see presenters/integration.ts).
      publicEndpoint: links.api(`${path}/integration`),
      publicContentEndpoint: links.api(`${path}/integration`),
    },
    externalIds: installation.external_ids,
    target: { organization: installation.organization_id },
  };
}
