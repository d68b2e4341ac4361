import { commonConfig, defineConfig, type ConfigOf } from '@dp/config';

const serviceUrl = (name: string, port: number) => ({
  kind: 'string' as const,
  doc: `Base URL of the ${name} api (empty: not deployed, its paths answer 503)`,
  default: `http://127.0.0.1:${port}`,
});

export const gatewayConfig = defineConfig({
  INTERNAL_AUTH_SECRET: commonConfig.INTERNAL_AUTH_SECRET,
  // The gateway's only use of it: identity's principal function (role `gateway`, docs/adr/0013).
  DATABASE_URL: commonConfig.DATABASE_URL,
  IDENTITY_DB_SCHEMA: { kind: 'string', doc: "identity's PostgreSQL schema (where principal_for_token_hash lives)", default: 'identity' },
  LOG_LEVEL: commonConfig.LOG_LEVEL,
  PORT: { kind: 'int', doc: 'HTTP port of the gateway', default: '8080' },
  RATE_LIMIT_PER_MINUTE: {
    kind: 'int',
    doc: 'Requests a minute per API token (or client address without one), per gateway process; bursts up to it; 0 turns the limit off',
    default: '6000',
  },
  IDENTITY_URL: serviceUrl('identity', 8081),
  CONTENT_URL: serviceUrl('content', 8082),
  SITES_URL: serviceUrl('sites', 8083),
  OPENAPI_URL: serviceUrl('openapi', 8084),
  INTEGRATIONS_URL: serviceUrl('integrations', 8085),
  TRANSLATIONS_URL: serviceUrl('translations', 8086),
});
export type GatewayConfig = ConfigOf<typeof gatewayConfig>;
