import type { Links } from '@dp/http';
import type { TargetInstallationRow } from '../data/target-installations';
import type { TargetObject } from '../clients/targets';
import { integrationPath } from './integration';

/**
 * IntegrationSpaceInstallation or IntegrationSiteInstallation JSON: `space` / `site` is the id, or the whole
 * Space / Site when the list is `extended` and its service let the caller read it.
 */
export function presentTargetInstallation(binding: TargetInstallationRow, integrationName: string, links: Links, target?: TargetObject) {
  const installationPath = `${integrationPath(integrationName)}/installations/${binding.installation_id}`;
  const location = links.api(`${installationPath}/${binding.kind}s/${binding.target_id}`);
  return {
    integration: integrationName,
    installation: binding.installation_id,
    status: binding.status,
    configuration: binding.configuration,
    externalIds: binding.external_ids,
    urls: { location, publicEndpoint: links.api(`${installationPath}/integration`), publicContentEndpoint: links.api(`${installationPath}/integration`) },
    [binding.kind]: target ?? binding.target_id,
  };
}
