import { serviceConfig } from '@dp/runtime';
import { outboundConfig, type ConfigOf } from '@dp/config';

/** Beyond every service's variables: secrets at rest, the script sandbox and event delivery (docs/adr/0043). */
export const integrationsConfig = serviceConfig('integrations', 8085, {
  INTEGRATIONS_SECRETS_KEY: {
    kind: 'string',
    required: true,
    doc: "Key (32 bytes, base64 or hex) that integrations' secrets and signing secrets are encrypted with at rest; keep it: secrets sealed under a lost key cannot be read (`npm start`, when unset: one it generated and keeps in `.local/integrations-secrets.key`)",
  },
  ...outboundConfig,
  CONTENT_URL: { kind: 'url', doc: 'Base URL of the content api, asked for the spaces an installation is bound to', default: 'http://127.0.0.1:8082' },
  SITES_URL: { kind: 'url', doc: 'Base URL of the sites api, asked for the sites an installation is bound to', default: 'http://127.0.0.1:8083' },
  OPENAPI_URL: { kind: 'url', doc: "Base URL of the openapi api: integrations never call it, scripts' fetches never reach its port (docs/adr/0057)", default: 'http://127.0.0.1:8084' },
  TRANSLATIONS_URL: { kind: 'url', doc: "Base URL of the translations api: integrations never call it, scripts' fetches never reach its port (docs/adr/0057)", default: 'http://127.0.0.1:8086' },
  INTEGRATIONS_CALL_TIMEOUT_MS: {
    kind: 'int',
    doc: "Time a call to an integration (an event delivery or a UI render, to its script or its development tunnel) may take, a script's answer and the work it hands to `ctx.waitUntil` together; a script still running then is stopped with its sandbox process",
    default: '10000',
  },
  INTEGRATIONS_RESPONSE_MAX_BYTES: {
    kind: 'int',
    doc: "Bytes of an integration's answer (its script's or its development tunnel's) and of what a script sends or fetches; past it the answer is cut off and the call fails (a script's sandbox is ended)",
    default: '5242880',
  },
  INTEGRATIONS_SCRIPT_IDLE_CPU_MS: {
    kind: 'int',
    doc: "CPU an integration's sandbox process may use in any 10 s while none of its calls runs (work its script left behind); past it the process is ended",
    default: '200',
  },
  INTEGRATIONS_SCRIPT_REFUSED_PORTS: {
    kind: 'list',
    doc: "Ports scripts' fetches never reach on a private or loopback address, whatever OUTBOUND_ALLOW says, beyond those of this process's own URLs and ports and every sandbox's sockets: the platform's apis and metrics ports it is not told about",
    default: '8080,8081,8082,8083,8084,8085,8086,8090,9464,5432,5499,5672,15672',
  },
  INTEGRATIONS_RENDER_REQUEST_MAX_CHARS: {
    kind: 'int',
    doc: 'Characters the compressed `request` of `GET .../render` may decompress to; past it the request is a 400',
    default: '1048576',
  },
  INTEGRATIONS_SCRIPT_MEMORY_MB: { kind: 'int', doc: "Resident memory an integration's sandbox process may hold; past it the call fails and the process is replaced", default: '256' },
  INTEGRATIONS_SANDBOXES_MAX: { kind: 'int', doc: 'Sandbox processes (one per integration version) each api or worker process keeps running; the least recently used is stopped first', default: '8' },
  INTEGRATIONS_DELIVERY_MAX_ATTEMPTS: { kind: 'int', doc: 'Attempts to deliver an event, the first included, before it is `failed`', default: '8' },
  INTEGRATIONS_DELIVERY_RETRY_BASE_MS: { kind: 'int', doc: 'Delay before the second attempt; each later one doubles it (with jitter: between half and all of it)', default: '30000' },
  INTEGRATIONS_DELIVERY_RETRY_MAX_MS: { kind: 'int', doc: 'Longest delay between two attempts of one event', default: '3600000' },
  INTEGRATIONS_DELIVERY_CONCURRENCY: { kind: 'int', doc: 'Deliveries one worker process runs at once', default: '16' },
  INTEGRATIONS_DELIVERY_CONCURRENCY_PER_INTEGRATION: {
    kind: 'int',
    doc: 'Deliveries to one integration one worker process runs at once: a slow integration holds no more than these',
    default: '2',
  },
  INTEGRATIONS_DELIVERY_POLL_MS: { kind: 'int', doc: 'How often the worker looks for events due for delivery', default: '250' },
});
export type IntegrationsConfig = ConfigOf<typeof integrationsConfig>;
