import { createLinks, type Links } from '@dp/http';
import type { AppDeps } from '@dp/runtime';
import type { IntegrationsConfig } from '../config';
import { parseSecretsKey } from '../domain/secret-box';
import { ScriptSandboxes } from '../sandbox/script-sandbox';
import { scriptOutbound } from '../sandbox/script-outbound';
import { integrationDispatcher, type Dispatch } from './dispatcher';

/** Bytes an answer of an integration (or of what its script fetches) may have. */
const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

/** What calls an integration needs in a process: its sandboxes (released when the process stops), the key of the sealed secrets, links. */
export interface IntegrationRuntime {
  dispatch: Dispatch;
  secretsKey: Buffer;
  links: Links;
}

export function integrationRuntime({ config, log, onStop }: AppDeps<IntegrationsConfig>): IntegrationRuntime {
  const sandboxes = new ScriptSandboxes(
    { timeMs: config.INTEGRATIONS_CALL_TIMEOUT_MS, memoryBytes: config.INTEGRATIONS_SCRIPT_MEMORY_MB * 1024 * 1024, maxSandboxes: config.INTEGRATIONS_SANDBOXES_MAX },
    scriptOutbound({ allow: config.OUTBOUND_ALLOW, timeoutMs: config.INTEGRATIONS_CALL_TIMEOUT_MS, maxBytes: MAX_RESPONSE_BYTES }),
    log,
  );
  onStop?.(() => sandboxes.close());
  return {
    dispatch: integrationDispatcher(sandboxes, { allow: config.OUTBOUND_ALLOW, timeoutMs: config.INTEGRATIONS_CALL_TIMEOUT_MS, maxResponseBytes: MAX_RESPONSE_BYTES }),
    secretsKey: parseSecretsKey(config.INTEGRATIONS_SECRETS_KEY),
    links: createLinks(config),
  };
}
