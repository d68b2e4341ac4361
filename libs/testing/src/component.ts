import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { ASSERTION_HEADER, ASSERTION_TTL_SECONDS, signAssertion, signServiceAssertion, signUserAssertion, type Role } from '@dp/auth';
import type { ConsumerHandler } from '@dp/bus';
import { loadConfig, type ConfigOf, type VarSpec } from '@dp/config';
import { migrate, recordInInbox } from '@dp/db';
import { handlingActor, withActor, type CloudEvent } from '@dp/events';
import { API_DOCUMENT_PATH } from '@dp/http';
import { createLogger } from '@dp/log';
import { closeServer, listen } from '@dp/listen';
import { createServiceContext, type AppDeps, type BaseConfig, type ServiceDefinition } from '@dp/runtime';
import { apiClient, type ApiResponse, type CallOptions } from './client';
import { TEST_DATABASE_URL } from './infra';
import { schemaForFile } from './schema-db';

/**
 * The component level of the test pyramid (docs/testing.md, docs/adr/0067): ONE service's `createApp` on the
 * real PostgreSQL, in a schema of the test file, served on an ephemeral port; no gateway, no broker, no other
 * service. Calls carry the caller assertion the gateway would sign, and every JSON answer is checked against the
 * official schema of its operation (or the one its route declares) exactly as the e2e client checks it. Events
 * are read back from the service's own outbox (real rows, nothing relays them) and handlers are fed envelopes.
 */

/**
 * Who calls: a user with their roles per organization (inline, as the gateway sends them), a user alone (the service
 * asks its membership source: identity reads its own tables; another service would ask identity, so pass roles), staff,
 * or a service.
 */
export type ComponentCaller = { user: string; roles?: Record<string, Role>; teams?: string[] } | 'staff' | { service: string };

export interface ComponentCallOptions extends Omit<CallOptions, 'token'> {
  /** Absent: no assertion at all (the service's 401). */
  as?: ComponentCaller;
}

export interface Component<C> {
  /** Where the app listens (http://127.0.0.1:<port>); set once the file's beforeAll ran. */
  readonly url: string;
  /** The pool the app runs on (bound to the file's schema), for what a test cannot see through the API. */
  readonly db: Knex;
  readonly config: C;
  call<T = any>(method: string, path: string, opts?: ComponentCallOptions): Promise<ApiResponse<T>>;
  /** The assertion header of `as`, for a request a test makes with fetch itself (a redirect it reads, an HTML page). */
  headers(as: ComponentCaller): Record<string, string>;
  /** The events the service wrote to its outbox, oldest first (of `type` only, when given). */
  outbox(type?: string): Promise<CloudEvent[]>;
  /** Feeds `event` to the service's handler of its type, in one transaction with its inbox row, as its worker does. */
  handle(event: CloudEvent): Promise<void>;
  /** Runs each of the service's scheduled jobs once, as the worker's timers do. */
  runJobs(): Promise<void>;
}

const SECRET = 'component-test-secret';

/** A fresh key for each `*_SECRETS_KEY` the service requires (secrets at rest, @dp/auth's secret box). */
const secretsKeysOf = (spec: Record<string, VarSpec>) =>
  Object.fromEntries(Object.keys(spec).filter((name) => name.endsWith('_SECRETS_KEY')).map((name) => [name, randomBytes(32).toString('base64')]));

/**
 * Registers the file's hooks for `def` and returns its component: call it at the top of the test file.
 * `env` sets the service's own variables (a limit a test lowers); the pool stays at 2 connections. A function
 * gives them once the file's beforeAll runs, for a value only known then (the port of a server the test starts).
 */
export function componentOf<S extends Record<string, VarSpec>>(label: string, def: ServiceDefinition<S>, env: NodeJS.ProcessEnv | (() => Promise<NodeJS.ProcessEnv>) = {}): Component<ConfigOf<S>> {
  const { schema, db } = schemaForFile(label, def.context);
  const releases: Array<() => Promise<void>> = [];
  const build = (vars: NodeJS.ProcessEnv) => {
    const config = loadConfig(def.config, {
      DATABASE_URL: TEST_DATABASE_URL,
      INTERNAL_AUTH_SECRET: SECRET,
      ...secretsKeysOf(def.config),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      ...vars,
      DB_SCHEMA: schema,
      DB_POOL_MAX: '2',
    }) as ConfigOf<S> & BaseConfig;
    const log = createLogger(`${def.context}-component`, config.LOG_LEVEL);
    const deps: AppDeps<ConfigOf<S>> = { db, config, log, onStop: (release) => void releases.push(release) };
    // Typed as the consumer takes them: any envelope, routed by its type.
    const handlers = new Map<string, ConsumerHandler>(def.handlers(deps).map((h) => [h.type, h]));
    const { emit } = createServiceContext(def.context, { db, config, log });
    return { config, log, deps, handlers, emit };
  };
  let built = typeof env === 'function' ? undefined : build(env);
  const ready = () => {
    if (!built) throw new Error('componentOf: used before the beforeAll hook ran');
    return built;
  };
  let server: Server | undefined;
  let url = '';
  let call: ReturnType<typeof apiClient> | undefined;

  beforeAll(async () => {
    if (typeof env === 'function') built = build(await env());
    const { deps, config } = ready();
    await migrate(db, schema, def.migrations);
    await def.prepare?.(deps);
    // Served as the service serves it, with its limits: a keep-alive kept 65 s, not Node's 5 s, which a client
    // that reuses a connection after a long synchronous check would find closed under it.
    server = await listen(def.createApp(deps), 0, '127.0.0.1', config);
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Our operations are checked against the document the service serves the gateway (docs/adr/0046).
    call = apiClient(url, {
      ownDocument: async () => {
        const res = await fetch(`${url}${API_DOCUMENT_PATH}`, { headers: { [ASSERTION_HEADER]: signServiceAssertion('gateway', SECRET) } });
        if (!res.ok) throw new Error(`${def.context}'s API document answered ${res.status}`);
        return res.json();
      },
    });
  }, 60_000);
  // Registered after schemaForFile's: the server and what the app holds go before the pool and the schema.
  afterAll(async () => {
    if (server) await closeServer(server);
    for (const release of releases.splice(0).reverse()) await release();
  });

  let jobs: ReturnType<NonNullable<typeof def.jobs>> | undefined;

  return {
    get url() {
      return url;
    },
    db,
    get config() {
      return ready().config;
    },
    call(method, path, { as, ...opts } = {}) {
      if (!call) throw new Error('componentOf: call() before the beforeAll hook ran');
      const headers = as ? { ...headersOf(as), ...opts.headers } : opts.headers;
      return call(method, path, { ...opts, headers });
    },
    headers: headersOf,
    async outbox(type) {
      const rows: Array<{ event: CloudEvent }> = await db('outbox').select('event').modify((q) => void (type && q.where({ type }))).orderBy('seq');
      return rows.map((r) => r.event);
    },
    async handle(event) {
      const { handlers, config, log, emit } = ready();
      const handler = handlers.get(event.type);
      if (!handler) throw new Error(`${def.context} has no handler of ${event.type}`);
      await db.transaction(async (trx) => {
        // As the worker's consumer does: what the handler emits is the system's, caused by this event (docs/adr/0095).
        const queue = `${config.QUEUE_PREFIX}${def.context}`;
        if (await recordInInbox(trx, queue, event.id, event.type)) await withActor(handlingActor(queue, event), () => handler.handle(event, trx, log, emit));
      });
    },
    async runJobs() {
      const { deps } = ready();
      // Built once, as the worker builds them: a job may keep state between runs (integrations' deliveries in flight).
      jobs ??= def.jobs?.(deps) ?? [];
      for (const job of jobs) await job.run(deps);
    },
  };
}

const headersOf = (as: ComponentCaller): Record<string, string> => ({ [ASSERTION_HEADER]: assertionOf(as) });

/**
 * A service keeps a verified assertion (and the roles it looked up for it) until it expires; the gateway signs a
 * new one when a caller's roles change. Each call here gets its own (a lifetime one second longer than the last),
 * so a role granted or taken away counts on the next call, as through the gateway.
 */
let signed = 0;
function assertionOf(as: ComponentCaller): string {
  const ttl = ASSERTION_TTL_SECONDS + ++signed;
  if (as === 'staff') return signAssertion({ staff: true, memberships: {} }, SECRET, ttl);
  if ('service' in as) return signServiceAssertion(as.service, SECRET, ttl);
  return as.roles ? signAssertion({ userId: as.user, staff: false, memberships: as.roles, teams: as.teams }, SECRET, ttl) : signUserAssertion(as.user, SECRET, ttl);
}
