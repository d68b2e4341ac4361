import { commonConfig, defineConfig, listenerConfig, type ConfigOf } from '@dp/config';

const serviceUrl = (name: string, port: number) => ({
  kind: 'string' as const,
  doc: `Base URL of the ${name} api (empty: not deployed, its paths answer 503)`,
  default: `http://127.0.0.1:${port}`,
});

export const gatewayConfig = defineConfig({
  INTERNAL_AUTH_SECRET: commonConfig.INTERNAL_AUTH_SECRET,
  // No database: principals come from identity's API, and identity's events keep the cache current (docs/adr/0021).
  AMQP_URL: commonConfig.AMQP_URL,
  AMQP_EXCHANGE: commonConfig.AMQP_EXCHANGE,
  GATEWAY_PRINCIPAL_TTL_MS: {
    kind: 'int',
    doc: "Longest a cached principal (token -> user and roles) is used without asking identity again; identity's events evict it sooner (docs/adr/0021)",
    default: '60000',
  },
  LOG_LEVEL: commonConfig.LOG_LEVEL,
  METRICS_PORT: commonConfig.METRICS_PORT,
  OTEL_EXPORTER_OTLP_ENDPOINT: commonConfig.OTEL_EXPORTER_OTLP_ENDPOINT,
  PORT: { kind: 'int', doc: 'HTTP port of the gateway', default: '8080' },
  // Where it binds and how long a client may take (docs/adr/0062).
  ...listenerConfig,
  // The API reference's server (`<PUBLIC_URL>/v1`, docs/adr/0046).
  PUBLIC_URL: commonConfig.PUBLIC_URL,
  // `urls.app` pages are served under it while it lies under PUBLIC_URL (docs/adr/0064).
  APP_URL: commonConfig.APP_URL,
  RATE_LIMIT_PER_MINUTE: {
    kind: 'int',
    doc: 'Requests a minute per caller across the deployment: per user (or staff) once their token is known, per client address for anonymous requests and tokens identity has not vouched for (docs/adr/0062); each gateway process enforces its share (the live replicas, at least GATEWAY_REPLICAS); bursts up to it; 0 turns the limit off (docs/adr/0051, 0055)',
    default: '6000',
  },
  GATEWAY_REPLICAS: {
    kind: 'int',
    doc: "The fewest gateway processes that share RATE_LIMIT_PER_MINUTE: each enforces 1/N of it, N the replicas it hears on the bus but at least this (all of it while the bus is down; on Kubernetes: the HorizontalPodAutoscaler's minReplicas)",
    default: '1',
  },
  GATEWAY_HEARTBEAT_MS: {
    kind: 'int',
    doc: 'How often each gateway tells the others it runs (`gateway.replica.alive`); one not heard for three of its intervals is counted gone (docs/adr/0055)',
    default: '5000',
  },
  TRUST_PROXY: {
    kind: 'string',
    doc: "Proxies whose X-Forwarded-For names the client (its address keys the rate limit): empty, none (the header is ignored); a hop count; or comma-separated addresses, CIDRs, `loopback`, `uniquelocal` (docs/adr/0051)",
    default: '',
  },
  IDENTITY_URL: serviceUrl('identity', 8081),
  CONTENT_URL: serviceUrl('content', 8082),
  SITES_URL: serviceUrl('sites', 8083),
  OPENAPI_URL: serviceUrl('openapi', 8084),
  INTEGRATIONS_URL: serviceUrl('integrations', 8085),
  TRANSLATIONS_URL: serviceUrl('translations', 8086),
});
export type GatewayConfig = ConfigOf<typeof gatewayConfig>;
