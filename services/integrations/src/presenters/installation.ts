import { iso, type Links } from '@dp/http';
import type { InstallationRow } from '../data/installations';
import { integrationPath } from './integration';

/** IntegrationInstallation JSON (an installation at the organization level). */
export function presentInstallation(installation: InstallationRow, integrationName: string, links: Links, spaces: number) {
  const path = `${integrationPath(integrationName)}/installations/${installation.id}`;
  return {
    id: installation.id,
    status: installation.status,
    space_selection: installation.space_selection,
    site_selection: installation.site_selection,
    // How many spaces it is bound to (docs/adr/0043).
    spaces,
    configuration: installation.configuration,
    createdAt: iso(installation.created_at)!,
    updatedAt: iso(installation.updated_at)!,
    urls: {
      location: links.api(path),
      app: links.app(`/o/${installation.organization_id}${integrationPath(integrationName)}`),
      // Where the official runtime takes HTTP requests for the installation (`fetch` events); not served here (docs/adr/0043).
      publicEndpoint: links.api(`${path}/integration`),
      publicContentEndpoint: links.api(`${path}/integration`),
    },
    externalIds: installation.external_ids,
    target: { organization: installation.organization_id },
  };
}
