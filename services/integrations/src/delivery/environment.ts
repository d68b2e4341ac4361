import type { Links } from '@dp/http';
import type { IntegrationWithOwner } from '../data/integrations';
import type { InstallationRow } from '../data/installations';
import { presentInstallation } from '../presenters/installation';
import { presentIntegration } from '../presenters/integration';

/** Nobody in particular: the integration object an integration is given carries no caller's permissions. */
const NO_CALLER = { staff: false, memberships: {} };

/**
 * The official IntegrationEnvironment an integration's code is given with each call (as GitBook's runtime
 * passes it): the API's base URL, the integration and, for a call about an installation, the installation
 * with its configuration, the integration's `secrets` and its signing secret.
 *
 * `apiTokens.integration` is empty: this platform issues no tokens to integrations (yet), so a script that
 * calls the API back with it is refused (docs/adr/0043).
 */
export function integrationEnvironment(input: {
  integration: IntegrationWithOwner;
  installation: InstallationRow | undefined;
  /** Spaces the installation is bound to (its `spaces`). */
  installationSpaces: number;
  secrets: Record<string, string>;
  signingSecret: string;
  links: Links;
}) {
  const { integration, installation, links } = input;
  return {
    apiEndpoint: links.gateway(''),
    apiTokens: { integration: '' },
    integration: presentIntegration(integration, NO_CALLER, links),
    ...(installation ? { installation: presentInstallation(installation, integration.name, links, input.installationSpaces) } : {}),
    secrets: input.secrets,
    signingSecrets: { integration: input.signingSecret },
  };
}
