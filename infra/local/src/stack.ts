import { randomBytes } from 'node:crypto';
import { brokerAnswers, InProcessBus, type Bus } from '@dp/bus';
import { databaseAnswers } from '@dp/db';
import { createLogger } from '@dp/log';
import { startApi, startWorker, type RunningApi, type RunningWorker, type ServiceDefinition } from '@dp/runtime';
import { startGateway } from '@dp/gateway';
import { identityService } from '@dp/identity';
import { contentService } from '@dp/content';
import { sitesService } from '@dp/sites';
import { openapiService } from '@dp/openapi';
import { integrationsService } from '@dp/integrations';
import { translationsService } from '@dp/translations';
import { startEmbeddedPostgres } from './embedded-postgres';
import { reservePorts } from './ports';
export { freePortBlock } from './ports';

/** Every bounded context with its default port (the gateway is on 8080), in boot order. */
export const services: Array<{ def: ServiceDefinition; port: number }> = [
  { def: identityService, port: 8081 },
  { def: contentService, port: 8082 },
  { def: sitesService, port: 8083 },
  { def: openapiService, port: 8084 },
  { def: integrationsService, port: 8085 },
  { def: translationsService, port: 8086 },
];

export interface StackOptions {
  env?: NodeJS.ProcessEnv;
  /** 0 everywhere: let the OS pick ports (tests); otherwise the defaults 8080-8086. */
  ephemeralPorts?: boolean;
  /** Prefix of every schema, queue and the exchange: isolates test runs sharing one PostgreSQL/RabbitMQ. */
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
  apis: Record<string, RunningApi>;
  workers: Record<string, RunningWorker>;
  envOf(context: string): NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

const random = (bytes: number) => randomBytes(bytes).toString('base64url');

/** Boots the gateway and every service (api + worker) in this process. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const env = options.env ?? process.env;
  const log = createLogger('stack', env.LOG_LEVEL ?? 'info');
  const stops: Array<() => Promise<void>> = [];
  const ns = options.namespace ?? '';

  let databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await databaseAnswers(databaseUrl))) {
    if (options.requireExternal) throw new Error(`PostgreSQL does not answer at ${databaseUrl}`);
    log.info(`no PostgreSQL at ${databaseUrl}; starting an embedded one`);
    const embedded = await startEmbeddedPostgres(Number(env.EMBEDDED_PG_PORT ?? 5499));
    databaseUrl = embedded.url;
    stops.push(embedded.stop);
  }

  const amqpUrl = env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
  let sharedBus: Bus | undefined;
  if (!(await brokerAnswers(amqpUrl))) {
    if (options.requireExternal) throw new Error(`RabbitMQ does not answer at ${amqpUrl}`);
    log.info(`no RabbitMQ at ${amqpUrl}; using the in-process bus`);
    sharedBus = new InProcessBus(createLogger('bus', env.LOG_LEVEL ?? 'info'));
  }

  const secret = env.INTERNAL_AUTH_SECRET || random(32);
  const adminToken = env.ADMIN_TOKEN || `dp_admin_${random(24)}`;
  const common: NodeJS.ProcessEnv = {
    ...env,
    DATABASE_URL: databaseUrl,
    AMQP_URL: amqpUrl,
    AMQP_EXCHANGE: `${ns}${env.AMQP_EXCHANGE ?? 'docs.events'}`,
    QUEUE_PREFIX: ns,
    INTERNAL_AUTH_SECRET: secret,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${options.ephemeralPorts ? 8080 : (env.PORT ?? 8080)}`,
    ADMIN_TOKEN: adminToken,
  };
  // Every api is reachable by the others at <CONTEXT>_URL (all set below before the first one starts).
  const envOf = (context: string, port = 0) => ({ ...common, DB_SCHEMA: `${ns.replace(/\W/g, '_')}${context}`, PORT: String(port) });

  const apis: Record<string, RunningApi> = {};
  const workers: Record<string, RunningWorker> = {};
  try {
    // Every api's URL is known before the first one starts: services ask each other in both directions
    // (sites asks content for spaces, content asks sites for published URLs).
    let gatewayPort = options.ephemeralPorts ? 0 : Number(env.PORT ?? 8080);
    for (let attempt = 1; ; attempt++) {
      const ports = options.ephemeralPorts ? await reservePorts(services.length + 1) : [gatewayPort, ...services.map((s) => s.port)];
      gatewayPort = ports[0];
      services.forEach(({ def }, i) => (common[`${def.context.toUpperCase()}_URL`] = `http://127.0.0.1:${ports[i + 1]}`));
      try {
        for (const [i, { def }] of services.entries()) apis[def.context] = await startApi(def, envOf(def.context, ports[i + 1]));
        break;
      } catch (err) {
        for (const api of Object.values(apis).reverse()) await api.stop().catch(() => undefined);
        for (const context of Object.keys(apis)) delete apis[context];
        // Another stack took a port of the reserved block between the probe and the listen: take another.
        if (!options.ephemeralPorts || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 3) throw err;
        log.warn({ err: (err as Error).message }, 'port taken while booting the stack; trying other ports');
      }
    }
    for (const api of Object.values(apis)) stops.push(api.stop);
    if (options.withWorkers !== false) {
      for (const { def } of services) {
        const worker = await startWorker(def, envOf(def.context), { bus: sharedBus });
        workers[def.context] = worker;
        stops.push(worker.stop);
      }
    }
    const serviceUrls = Object.fromEntries(
      ['identity', 'content', 'sites', 'openapi', 'integrations', 'translations'].map((c) => [`${c.toUpperCase()}_URL`, apis[c]?.url ?? '']),
    );
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
