import { randomBytes } from 'node:crypto';
import { InProcessBus, type Bus } from '@dp/bus';
import { listenerConfig, loadConfig, redactUrl } from '@dp/config';
import { createLogger } from '@dp/log';
import { startApi, startWorker, type RunningApi, type RunningWorker, type ServiceDefinition } from '@dp/runtime';
import { startGateway } from '@dp/gateway';
import { startPublisher } from '@dp/sites';
import { services } from './services';
import { startEmbeddedPostgres } from './embedded-postgres';
import { contextSchema } from '@dp/db';
import { launcherConfig } from './config';
import { portFree, portOrFree, reservePorts } from './ports';
import { keptSecret } from './local-secret';
import { serverProblem } from './server-problem';
import { startStackMetrics } from './metrics';
export { freePortBlock, reservePorts } from './ports';
export { startEmbeddedPostgres } from './embedded-postgres';
export { contextSchema } from '@dp/db';
export { launcherConfig } from './config';
export { services } from './services';
export { handledTypes, subscriptions } from './subscriptions';


export interface StackOptions {
  env?: NodeJS.ProcessEnv;
  /** Random free ports (tests); otherwise PORT and <CONTEXT>_PORT, or 8080-8086 (a free port for each one taken). */
  ephemeralPorts?: boolean;
  /**
   * Prefix of every schema, queue and the exchange: isolates test runs sharing one PostgreSQL/RabbitMQ
   * (short for QUEUE_PREFIX, DB_SCHEMA_PREFIX and AMQP_EXCHANGE=<namespace>docs.events).
   */
  namespace?: string;
  /** Never fall back to embedded PostgreSQL / the in-process bus: fail instead (tests under CI). */
  requireExternal?: boolean;
  /** Start only the api processes (no relays or consumers). */
  withWorkers?: boolean;
}

export interface Stack {
  baseUrl: string;
  adminToken: string;
  secret: string;
  databaseUrl: string;
  bus: 'rabbitmq' | 'in-process';
  /** The port each api listens on, and the gateway's (`gateway`). */
  ports: Record<string, number>;
  /** The stack's one Prometheus endpoint (`…/metrics`), every process's series on it; absent with METRICS_PORT=0. */
  metricsUrl?: string;
  /** The sites publisher: where it listens, and the public base of published sites (SITES_PUBLIC_URL). */
  publisher: { url: string; port: number; publicUrl: string };
  apis: Record<string, RunningApi>;
  workers: Record<string, RunningWorker>;
  envOf(context: string): NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

const random = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * Starts something for every service side by side (each migrates or declares its own, so one after another
 * only adds their waits up); `keep` gets each that started, in the services' order, and the first failure is
 * thrown once all have settled, so the caller can stop what did start.
 */
async function startEach<T>(start: (def: ServiceDefinition, i: number) => Promise<T>, keep: (def: ServiceDefinition, started: T) => void): Promise<void> {
  const results = await Promise.allSettled(services.map(({ def }, i) => start(def, i)));
  results.forEach((result, i) => result.status === 'fulfilled' && keep(services[i].def, result.value));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_AMQP_URL = 'amqp://guest:guest@127.0.0.1:5672';
const GATEWAY_PORT = 8080;
const PUBLISHER_PORT = 8090;

type LauncherConfig = ReturnType<typeof loadConfig<typeof launcherConfig>>;
type ServicePortName = Extract<keyof LauncherConfig, `${string}_PORT`>;

/** A launch that cannot work as configured: `npm start` prints the message alone and exits 1. */
export class LaunchError extends Error {
  override name = 'LaunchError';
}

/** Gateway, services, then the sites publisher: the configured port (fail if taken), else the usual one, else a free one. */
async function choosePorts(env: NodeJS.ProcessEnv, launcher: LauncherConfig): Promise<number[]> {
  const wanted = [
    { name: 'PORT', port: env.PORT ? Number(env.PORT) : undefined, usual: GATEWAY_PORT },
    ...services.map(({ def, port }) => ({ name: `${def.context.toUpperCase()}_PORT` as const, usual: port })).map((s) => ({ ...s, port: launcher[s.name as ServicePortName] })),
    { name: 'SITES_PUBLISHER_PORT', port: launcher.SITES_PUBLISHER_PORT, usual: PUBLISHER_PORT },
  ];
  // The ports set first (they are meant), then the others one by one, each avoiding those already picked.
  const chosen = new Set<number>();
  for (const { name, port } of wanted) {
    if (port === undefined) continue;
    if (!Number.isInteger(port) || !(await portFree(port))) throw new LaunchError(`${name}=${env[name]} is taken or not a port: free it, or unset ${name} to let npm start pick one`);
    chosen.add(port);
  }
  const ports: number[] = [];
  for (const { port, usual } of wanted) {
    const picked = port ?? (await portOrFree(usual, chosen));
    chosen.add(picked);
    ports.push(picked);
  }
  return ports;
}

/** Boots the gateway and every service (api + worker) in this process. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const ns = options.namespace;
  const env: NodeJS.ProcessEnv =
    ns === undefined ? (options.env ?? process.env) : { ...(options.env ?? process.env), QUEUE_PREFIX: ns, DB_SCHEMA_PREFIX: ns, AMQP_EXCHANGE: `${ns}docs.events` };
  const launcher = loadConfig(launcherConfig, env);
  const log = createLogger('stack', env.LOG_LEVEL ?? 'info');
  const stops: Array<() => Promise<void>> = [];
  const queuePrefix = env.QUEUE_PREFIX ?? '';

  // A URL that is set is meant: unreachable is an error. The embedded fallbacks are for unset values only.
  let databaseUrl = env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const databaseProblem = await serverProblem('postgresql', databaseUrl);
  if (databaseProblem) {
    if (env.DATABASE_URL || options.requireExternal) {
      throw new LaunchError(`PostgreSQL at DATABASE_URL=${redactUrl(databaseUrl)}: ${databaseProblem.reason} (unset, npm start runs an embedded PostgreSQL)`);
    }
    log.info(`no PostgreSQL at ${databaseUrl}; starting an embedded one`);
    const embedded = await startEmbeddedPostgres(launcher.EMBEDDED_PG_PORT);
    databaseUrl = embedded.url;
    stops.push(embedded.stop);
  }

  const amqpUrl = env.AMQP_URL || DEFAULT_AMQP_URL;
  let sharedBus: Bus | undefined;
  const brokerProblem = await serverProblem('rabbitmq', amqpUrl);
  if (brokerProblem) {
    if (env.AMQP_URL || options.requireExternal) {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
      throw new LaunchError(`RabbitMQ at AMQP_URL=${redactUrl(amqpUrl)}: ${brokerProblem.reason} (unset, npm start uses an in-process bus)`);
    }
    log.info(`no RabbitMQ at ${amqpUrl}; using the in-process bus`);
    sharedBus = new InProcessBus(createLogger('bus', env.LOG_LEVEL ?? 'info'));
  }

  const secret = env.INTERNAL_AUTH_SECRET || random(32);
  const adminToken = env.ADMIN_TOKEN || `dp_admin_${random(24)}`;
  const common: NodeJS.ProcessEnv = {
    ...env,
    DATABASE_URL: databaseUrl,
    AMQP_URL: amqpUrl,
    // Queues bind to the exchange by event type: a stack with its own queues needs its own exchange too.
    AMQP_EXCHANGE: env.AMQP_EXCHANGE ?? `${queuePrefix}docs.events`,
    QUEUE_PREFIX: queuePrefix,
    INTERNAL_AUTH_SECRET: secret,
    ADMIN_TOKEN: adminToken,
    // Integrations' secrets are sealed with it: kept across restarts (docs/adr/0043).
    INTEGRATIONS_SECRETS_KEY: env.INTEGRATIONS_SECRETS_KEY || keptSecret('integrations-secrets.key'),
    // Git Sync's repository credentials, the same way (docs/adr/0107).
    CONTENT_SECRETS_KEY: env.CONTENT_SECRETS_KEY || keptSecret('content-secrets.key'),
    CONTENT_GIT_WEBHOOK_SECRET: env.CONTENT_GIT_WEBHOOK_SECRET || keptSecret('git-webhook.secret'),
    // No process listens for metrics itself: the stack serves the process's one registry (./metrics.ts).
    METRICS_PORT: '0',
  };
  // Every api is reachable by the others at <CONTEXT>_URL (all set below before the first one starts).
  const envOf = (context: string, port = 0) => ({ ...common, DB_SCHEMA: contextSchema(launcher.DB_SCHEMA_PREFIX, context), PORT: String(port) });

  const apis: Record<string, RunningApi> = {};
  const workers: Record<string, RunningWorker> = {};
  try {
    // On HOST (loopback unless told) with the listener limits, like every listener (docs/adr/0062).
    const metrics = await startStackMetrics(env, options.ephemeralPorts === true, loadConfig(listenerConfig, env));
    if (metrics) stops.push(metrics.stop);
    // Every api's URL is known before the first one starts: services ask each other in both directions
    // (sites asks content for spaces, content asks sites for published URLs).
    let gatewayPort = 0;
    let publisherPort = 0;
    for (let attempt = 1; ; attempt++) {
      const ports = options.ephemeralPorts ? await reservePorts(services.length + 2) : await choosePorts(env, launcher);
      gatewayPort = ports[0];
      publisherPort = ports[services.length + 1];
      // Links in responses (`urls.*`) point at this gateway unless the deployment says otherwise.
      common.PUBLIC_URL = env.PUBLIC_URL || `http://localhost:${gatewayPort}`;
      common.APP_URL = env.APP_URL || `${common.PUBLIC_URL.replace(/\/+$/, '')}/app`;
      // `urls.published` of sites is where this stack's publisher serves them (docs/adr/0040).
      common.SITES_PUBLIC_URL = env.SITES_PUBLIC_URL || `http://localhost:${publisherPort}`;
      services.forEach(({ def }, i) => (common[`${def.context.toUpperCase()}_URL`] = `http://127.0.0.1:${ports[i + 1]}`));
      try {
        await startEach((def, i) => startApi(def, envOf(def.context, ports[i + 1])), (def, api) => (apis[def.context] = api));
        break;
      } catch (err) {
        for (const api of Object.values(apis).reverse()) await api.stop().catch(() => undefined);
        for (const context of Object.keys(apis)) delete apis[context];
        // Another stack took a port of the reserved block between the probe and the listen: take another.
        // A port that was set is meant: taken is an error, as for the URLs above.
        if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 3) throw err;
        log.warn({ err: (err as Error).message }, 'port taken while booting the stack; trying other ports');
      }
    }
    for (const api of Object.values(apis)) stops.push(api.stop);
    if (options.withWorkers !== false) {
      await startEach(
        (def) => startWorker(def, envOf(def.context), { bus: sharedBus, db: apis[def.context].db }),
        (def, worker) => {
          workers[def.context] = worker;
          stops.push(worker.stop);
        },
      );
    }
    const serviceUrls = Object.fromEntries(
      ['identity', 'content', 'sites', 'openapi', 'integrations', 'translations'].map((c) => [`${c.toUpperCase()}_URL`, apis[c]?.url ?? '']),
    );
    // Readers' side of sites: after the workers, on the sites pool; it hears site and space events like the gateway.
    const publisher = await startPublisher(envOf('sites', publisherPort), { bus: sharedBus, db: apis.sites.db });
    stops.push(publisher.stop);
    // Without a broker, the gateway hears identity's events (its principal cache) on the in-process bus.
    const gateway = await startGateway({ ...common, ...serviceUrls, PORT: String(gatewayPort) }, { bus: sharedBus });
    stops.push(gateway.stop);
    if (sharedBus) stops.push(() => sharedBus!.close());
    return {
      baseUrl: gateway.url,
      adminToken,
      secret,
      databaseUrl,
      bus: sharedBus ? 'in-process' : 'rabbitmq',
      metricsUrl: metrics?.url,
      ports: { gateway: Number(new URL(gateway.url).port), ...Object.fromEntries(Object.entries(apis).map(([c, a]) => [c, Number(new URL(a.url).port)])) },
      publisher: { url: publisher.url, port: publisher.port, publicUrl: common.SITES_PUBLIC_URL },
      apis,
      workers,
      envOf: (context) => envOf(context),
      stop: async () => {
        for (const stop of stops.reverse()) await stop().catch((err) => log.warn({ err }, 'stop failed'));
      },
    };
  } catch (err) {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    throw err;
  }
}
