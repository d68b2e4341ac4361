/**
 * Config is a documented schema, validated at boot (CONVENTIONS principle 11): each service declares its
 * variables once, with a doc line and a default; `loadConfig` refuses to start on a wrong value and the
 * configuration table (docs/configuration.md) is written from the same declarations.
 */
export type VarKind = 'string' | 'int' | 'url' | 'bool' | 'list';

export interface VarSpec<K extends VarKind = VarKind> {
  kind: K;
  doc: string;
  /** Absent default and `required: true`: the process refuses to start without it. */
  default?: string;
  required?: boolean;
}

type ValueOf<K extends VarKind> = K extends 'int' ? number : K extends 'bool' ? boolean : K extends 'list' ? string[] : string;
export type ConfigOf<S extends Record<string, VarSpec>> = Readonly<{
  [N in keyof S]: S[N] extends VarSpec<infer K> ? (S[N]['required'] extends true ? ValueOf<K> : S[N] extends { default: string } ? ValueOf<K> : ValueOf<K> | undefined) : never;
}>;

/** A connection string fit for a message or a log: its password replaced by `***`. */
export const redactUrl = (url: string): string => url.replace(/:[^:@/]+@/, ':***@');

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

export function defineConfig<S extends Record<string, VarSpec>>(spec: S): S {
  return spec;
}

function parseValue(name: string, spec: VarSpec, raw: string): { value?: unknown; problem?: string } {
  switch (spec.kind) {
    case 'int': {
      const n = Number(raw);
      return Number.isInteger(n) ? { value: n } : { problem: `${name} must be an integer, got "${raw}"` };
    }
    case 'bool':
      if (['true', '1', 'yes'].includes(raw.toLowerCase())) return { value: true };
      if (['false', '0', 'no', ''].includes(raw.toLowerCase())) return { value: false };
      return { problem: `${name} must be true or false, got "${raw}"` };
    case 'url':
      try {
        new URL(raw);
        return { value: raw };
      } catch {
        return { problem: `${name} must be a URL, got "${raw}"` };
      }
    case 'list':
      return { value: raw.split(',').map((s) => s.trim()).filter(Boolean) };
    default:
      return { value: raw };
  }
}

export function loadConfig<S extends Record<string, VarSpec>>(spec: S, env: NodeJS.ProcessEnv = process.env): ConfigOf<S> {
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, varSpec] of Object.entries(spec)) {
    const raw = env[name] ?? varSpec.default;
    if (raw === undefined) {
      if (varSpec.required) problems.push(`${name} is required: ${varSpec.doc}`);
      continue;
    }
    const { value, problem } = parseValue(name, varSpec, raw);
    if (problem) problems.push(problem);
    else out[name] = value;
  }
  if (problems.length) throw new ConfigError(problems);
  return Object.freeze(out) as ConfigOf<S>;
}

/**
 * The allow-list of the one outbound client (libs/outbound), for a service that fetches on a user's behalf
 * (content's file and website imports, openapi's spec fetches, integrations' scripts and tunnels).
 */
export const outboundConfig = defineConfig({
  OUTBOUND_ALLOW: {
    kind: 'list',
    doc: "Comma-separated hosts or IPv4 CIDRs that outbound requests (content: insert_files by url, website import; openapi: spec sources and external $refs; integrations: scripts' fetches and development tunnels) may reach although private or loopback",
    default: '',
  },
});

/**
 * Every HTTP listener of a process (its api, the gateway, the sites publisher, its metrics endpoint): where it binds
 * and how long a client may take (libs/listen `listen`, docs/adr/0062). Node's own defaults let a client hold a
 * connection 60 s for its headers and 300 s for its request, with no cap on connections.
 */
export const listenerConfig = defineConfig({
  HOST: {
    kind: 'string',
    doc: "Interface every HTTP listener of the process binds to (api, gateway, sites publisher and the metrics port): 127.0.0.1 (this machine only) or 0.0.0.0 (every interface; the container image, docker-compose and infra/k8s set it, pods must be reachable). Metrics are for the cluster network only: never publish METRICS_PORT (docs/adr/0062)",
    default: '127.0.0.1',
  },
  HTTP_HEADERS_TIMEOUT_MS: {
    kind: 'int',
    doc: 'Longest a client may take to send a request\'s headers; the connection is closed past it (slow clients, docs/adr/0062)',
    default: '10000',
  },
  HTTP_REQUEST_TIMEOUT_MS: {
    kind: 'int',
    doc: 'Longest a client may take to send a whole request (headers and body); at least HTTP_HEADERS_TIMEOUT_MS (docs/adr/0062)',
    default: '60000',
  },
  HTTP_KEEP_ALIVE_TIMEOUT_MS: {
    kind: 'int',
    doc: 'How long an idle keep-alive connection is kept open between requests (above a load balancer\'s 60 s idle timeout; docs/adr/0062)',
    default: '65000',
  },
  HTTP_MAX_CONNECTIONS: {
    kind: 'int',
    doc: 'Most connections one HTTP listener holds at once; beyond it new connections are closed at once (docs/adr/0062)',
    default: '4096',
  },
});

/** Variables every service reads. */
export const commonConfig = defineConfig({
  ...listenerConfig,
  HTTP_JSON_MAX_DEPTH: {
    kind: 'int',
    doc: 'Deepest nesting of arrays and objects a JSON request body may have; deeper is a 400 (docs/adr/0062)',
    default: '256',
  },
  DATABASE_URL: { kind: 'url', doc: 'PostgreSQL connection string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  DB_POOL_MAX: { kind: 'int', doc: "Most PostgreSQL connections one process's pool opens", default: '10' },
  DB_POOL_IDLE_MS: { kind: 'int', doc: "How long a pool's connection may sit unused before it is closed (milliseconds)", default: '30000' },
  AMQP_URL: { kind: 'url', doc: 'RabbitMQ connection string', default: 'amqp://guest:guest@127.0.0.1:5672' },
  AMQP_EXCHANGE: { kind: 'string', doc: 'Name of the durable topic exchange all events go through', default: 'docs.events' },
  QUEUE_PREFIX: { kind: 'string', doc: 'Prefix of queue names; isolates deployments (or test runs) sharing one broker', default: '' },
  INTERNAL_AUTH_SECRET: {
    kind: 'string',
    doc: 'Shared HMAC secret the gateway signs caller assertions with and services verify them with',
    required: true,
  },
  PUBLIC_URL: { kind: 'url', doc: "Base URL clients reach the gateway at; used in `urls.location` (`npm start`, when unset: the gateway's own port)", default: 'http://localhost:8080' },
  APP_URL: { kind: 'url', doc: "Base URL of the web app; used in `urls.app` (`npm start`, when unset: `<PUBLIC_URL>/app`)", default: 'http://localhost:8080/app' },
  SITES_PUBLIC_URL: {
    kind: 'url',
    doc: "Base URL readers reach the sites publisher at; every site's `urls.published` is under it (`npm start`, when unset: the publisher's own port; docs/adr/0040)",
    default: 'http://localhost:8090',
  },
  LOG_LEVEL: { kind: 'string', doc: 'pino log level (fatal, error, warn, info, debug, trace, silent)', default: 'info' },
  // A string, not a url: empty means off, and a default keeps every config's type free of optional values.
  OTEL_EXPORTER_OTLP_ENDPOINT: {
    kind: 'string',
    doc: 'OpenTelemetry collector (OTLP over HTTP, e.g. `http://localhost:4318`) traces are sent to; set it on every process to trace (a process without it makes no spans and passes no trace context on; docs/adr/0048)',
    default: '',
  },
  METRICS_PORT: {
    kind: 'int',
    doc: "Port of this process's Prometheus endpoint (`GET /metrics`; apart from the api port, so never reachable through the gateway; docs/adr/0047); 0: none. docker-compose sets 9464; `npm start` serves the whole stack's on one port (this one, else 9464 or the next free one)",
    default: '0',
  },
});
