import type { Knex } from 'knex';
import type { InstallationRow } from '../data/installations';
import type { IntegrationWithOwner } from '../data/integrations';
import { spaceCounts } from '../data/target-installations';
import { deliveryTarget, type DeliveryTarget } from '../domain/delivery-target';
import { open, openSecrets } from '../domain/secret-box';
import type { CallResult } from './dispatcher';
import { integrationEnvironment } from './environment';
import { encodeCall } from './integration-call';
import type { IntegrationRuntime } from './integration-runtime';

/**
 * One call to an integration, for an event delivery or a render (docs/adr/0043): the event with the
 * environment its code is given (secrets and signing secret unsealed), signed, to its script or, in
 * development mode, its tunnel. Returns where it went and what came back.
 */
export async function callIntegration(
  db: Knex,
  runtime: IntegrationRuntime,
  integration: IntegrationWithOwner,
  installation: InstallationRow | undefined,
  event: object,
): Promise<{ target: DeliveryTarget; result: CallResult }> {
  const target = deliveryTarget(
    { organizationId: integration.organization_id, devTunnelUrl: integration.dev_tunnel_url, devAll: integration.dev_all },
    installation?.organization_id,
  );
  const signingSecret = integration.signing_secret_sealed ? open(runtime.secretsKey, integration.signing_secret_sealed) : '';
  const installationSpaces = installation ? ((await spaceCounts(db, [installation.id])).get(installation.id) ?? 0) : 0;
  const secrets = openSecrets(runtime.secretsKey, integration.secrets_sealed);
  const environment = integrationEnvironment({ integration, installation, installationSpaces, secrets, signingSecret, links: runtime.links });
  const result = await runtime.dispatch(integration, target, await encodeCall({ event, environment }), signingSecret);
  return { target, result };
}
