import { serviceConfig } from '@dp/runtime';
import { outboundConfig, type ConfigOf } from '@dp/config';
import type { FetchLimits } from './domain/spec-fetcher';

/** Beyond every service's variables: what a processing run may fetch, and how often URL sources are fetched again (docs/adr/0042). */
export const openapiConfig = serviceConfig('openapi', 8084, {
  ...outboundConfig,
  OPENAPI_FETCH_TIMEOUT_MS: { kind: 'int', doc: 'Time allowed for each fetch of a spec file (the source or an external $ref)', default: '10000' },
  OPENAPI_MAX_BYTES: { kind: 'int', doc: 'Bytes a spec may fetch in all, its source and every external $ref together', default: '5242880' },
  OPENAPI_MAX_FILES: { kind: 'int', doc: 'Files a spec may fetch in all, its source and every external $ref together', default: '20' },
  OPENAPI_REFRESH_INTERVAL_MS: {
    kind: 'int',
    doc: 'A spec from a URL is fetched and processed again once its last processing is this old (a new version only if it changed); 0 turns the refresh off',
    default: '3600000',
  },
});
export type OpenapiConfig = ConfigOf<typeof openapiConfig>;

/** The fetch limits of one processing run, from the worker's config. */
export const fetchLimitsOf = (config: OpenapiConfig): FetchLimits => ({
  allow: config.OUTBOUND_ALLOW,
  timeoutMs: config.OPENAPI_FETCH_TIMEOUT_MS,
  maxBytes: config.OPENAPI_MAX_BYTES,
  maxFiles: config.OPENAPI_MAX_FILES,
});
