import type { AppDeps } from '@dp/runtime';
import type { IntegrationsConfig } from '../config';
import { integrationsToSeal, storeSealedSecrets } from '../data/integrations';
import { newSigningSecret, parseSecretsKey, seal, sealSecrets } from '@dp/auth';

/**
 * At the api's start (docs/adr/0043): integrations published before secrets were sealed get their plaintext
 * `secrets` sealed under INTEGRATIONS_SECRETS_KEY (the column emptied) and a signing secret. Safe to run
 * again, and by several replicas at once (rows another holds are skipped).
 */
export async function sealLegacySecrets({ db, config, log }: AppDeps<IntegrationsConfig>): Promise<void> {
  const key = parseSecretsKey(config.INTEGRATIONS_SECRETS_KEY, 'INTEGRATIONS_SECRETS_KEY');
  const sealed = await db.transaction(async (trx) => {
    const rows = await integrationsToSeal(trx);
    for (const row of rows) {
      const plaintext = Object.keys(row.secrets).length ? row.secrets : undefined;
      await storeSealedSecrets(trx, row.id, {
        secrets_sealed: sealSecrets(key, plaintext) ?? row.secrets_sealed,
        signing_secret_sealed: row.signing_secret_sealed ?? seal(key, newSigningSecret()),
      });
    }
    return rows.length;
  });
  if (sealed) log.info({ integrations: sealed }, 'sealed the secrets of integrations published before sealing');
}
