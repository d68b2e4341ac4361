import { serviceConfig } from '@dp/runtime';
import { defineConfig, type ConfigOf } from '@dp/config';

/** What a processing run may fetch; the worker's handler reads these (docs/adr/0042). */
export const processingConfig = defineConfig({
  OUTBOUND_ALLOW: { kind: 'list', doc: 'Comma-separated hosts or IPv4 CIDRs that spec fetches (sources and external $refs) may reach although private or loopback', default: '' },
  OPENAPI_FETCH_TIMEOUT_MS: { kind: 'int', doc: 'Time allowed for each fetch of a spec file (the source or an external $ref)', default: '10000' },
  OPENAPI_MAX_BYTES: { kind: 'int', doc: 'Bytes a spec may fetch in all, its source and every external $ref together', default: '5242880' },
  OPENAPI_MAX_FILES: { kind: 'int', doc: 'Files a spec may fetch in all, its source and every external $ref together', default: '20' },
});

export const openapiConfig = serviceConfig('openapi', 8084, processingConfig);
export type OpenapiConfig = ConfigOf<typeof openapiConfig>;
