import type { Knex } from 'knex';
import type { InstallationRow } from '../data/installations';
import { sealSigningSecretIfMissing, type IntegrationWithOwner } from '../data/integrations';
import { spaceCounts } from '../data/target-installations';
import { deliveryTarget, type DeliveryTarget } from '../domain/delivery-target';
import { newSigningSecret, open, openSecrets, seal } from '@dp/auth';
import type { CallResult } from './dispatcher';
import { integrationEnvironment } from './environment';
import { encodeCall } from './integration-call';
import type { IntegrationRuntime } from './integration-runtime';

/**
 * One call to an integration, for an event delivery or a render (docs/adr/0043): the event with the
 * environment its code is given (secrets and signing secret unsealed), signed, to its script or, in
 * development mode, its tunnel. Returns where it went, what came back, and whether the integration had no
 * signing secret and one was sealed for it (nothing is ever signed with an empty key, docs/adr/0057).
 */
export async function callIntegration(
  db: Knex,
  runtime: IntegrationRuntime,
  integration: IntegrationWithOwner,
  installation: InstallationRow | undefined,
  event: object,
): Promise<{ target: DeliveryTarget; result: CallResult; sealedSigningSecret: boolean }> {
  const target = deliveryTarget(
    { organizationId: integration.organization_id, devTunnelUrl: integration.dev_tunnel_url, devAll: integration.dev_all },
    installation?.organization_id,
  );
  const { signingSecret, sealedSigningSecret } = await signingSecretOf(db, runtime.secretsKey, integration);
  const installationSpaces = installation ? ((await spaceCounts(db, [installation.id])).get(installation.id) ?? 0) : 0;
  const secrets = openSecrets(runtime.secretsKey, integration.secrets_sealed);
  const environment = integrationEnvironment({ integration, installation, installationSpaces, secrets, signingSecret, links: runtime.links });
  const result = await runtime.dispatch(integration, target, await encodeCall({ event, environment }), signingSecret);
  return { target, result, sealedSigningSecret };
}

/**
 * The integration's signing secret; one published before secrets were sealed, and not sealed yet by the api's
 * start, gets one sealed now (the first process to store it wins).
 */
async function signingSecretOf(db: Knex, key: Buffer, integration: IntegrationWithOwner): Promise<{ signingSecret: string; sealedSigningSecret: boolean }> {
  if (integration.signing_secret_sealed) return { signingSecret: open(key, integration.signing_secret_sealed), sealedSigningSecret: false };
  const stored = await sealSigningSecretIfMissing(db, integration.id, seal(key, newSigningSecret()));
  return { signingSecret: stored ? open(key, stored) : '', sealedSigningSecret: true };
}
