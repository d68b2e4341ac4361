import { createLinks, type Links } from '@dp/http';
import type { AppDeps } from '@dp/runtime';
import type { IntegrationsConfig } from '../config';
import { platformPorts } from '../domain/platform-ports';
import { parseSecretsKey } from '@dp/auth';
import { ScriptSandboxes } from '../sandbox/script-sandbox';
import { scriptOutbound } from '../sandbox/script-outbound';
import { integrationDispatcher, type Dispatch } from './dispatcher';

/** What calls an integration needs in a process: its sandboxes (released when the process stops), the key of the sealed secrets, links. */
export interface IntegrationRuntime {
  dispatch: Dispatch;
  secretsKey: Buffer;
  links: Links;
}

export function integrationRuntime({ config, log, onStop }: AppDeps<IntegrationsConfig>): IntegrationRuntime {
  const maxBytes = config.INTEGRATIONS_RESPONSE_MAX_BYTES;
  const sandboxes = new ScriptSandboxes(
    {
      timeMs: config.INTEGRATIONS_CALL_TIMEOUT_MS,
      memoryBytes: config.INTEGRATIONS_SCRIPT_MEMORY_MB * 1024 * 1024,
      maxSandboxes: config.INTEGRATIONS_SANDBOXES_MAX,
      maxResponseBytes: maxBytes,
      idleCpuMs: config.INTEGRATIONS_SCRIPT_IDLE_CPU_MS,
      platformPorts: platformPorts({
        urls: [config.PUBLIC_URL, config.APP_URL, config.SITES_PUBLIC_URL, config.IDENTITY_URL, config.CONTENT_URL, config.SITES_URL, config.OPENAPI_URL, config.TRANSLATIONS_URL, config.DATABASE_URL, config.AMQP_URL],
        ports: [config.PORT, config.METRICS_PORT, ...config.INTEGRATIONS_SCRIPT_REFUSED_PORTS.map(Number)],
      }),
    },
    scriptOutbound({ allow: config.OUTBOUND_ALLOW, timeoutMs: config.INTEGRATIONS_CALL_TIMEOUT_MS, maxBytes }),
    log,
  );
  onStop?.(() => sandboxes.close());
  return {
    dispatch: integrationDispatcher(sandboxes, { allow: config.OUTBOUND_ALLOW, timeoutMs: config.INTEGRATIONS_CALL_TIMEOUT_MS, maxResponseBytes: maxBytes }),
    secretsKey: parseSecretsKey(config.INTEGRATIONS_SECRETS_KEY, 'INTEGRATIONS_SECRETS_KEY'),
    links: createLinks(config),
  };
}
