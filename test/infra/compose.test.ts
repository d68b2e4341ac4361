import fs from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { contextQueues } from '@dp/bus';
import type { VarSpec } from '@dp/config';
import { gatewayConfig } from '@dp/gateway';
import { services } from '@dp/local';

/**
 * The deployment files (docker-compose.yml, infra/k8s, infra/postgres, infra/rabbitmq) are checked against
 * the code: every context the local launcher runs (`services` of @dp/local) must be deployable with the
 * variables its config requires. A context added to `services` makes these tests fail until it is added
 * to the deployment files too.
 */

const root = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

type EnvValue = string | number | boolean | null;
interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string | string[];
  environment?: Record<string, EnvValue> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  ports?: Array<string | number | { published?: string | number; target?: number }>;
  healthcheck?: { test?: string | string[] };
}

// Merge keys (`<<: *anchor`) are YAML 1.1, which docker compose supports; the yaml package needs opting in.
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService> };
const containers = compose.services;

/** `environment` as a map, whichever of its two compose forms (map or KEY=VALUE list) is used. */
function environmentOf(service: ComposeService | undefined): Record<string, string | undefined> {
  const env = service?.environment;
  if (!env) return {};
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((item) => (item.includes('=') ? [item.slice(0, item.indexOf('=')), item.slice(item.indexOf('=') + 1)] : [item, undefined])));
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? undefined : String(v)]));
}

/** `depends_on` as service -> condition (the list form means `service_started`). */
function dependenciesOf(service: ComposeService | undefined): Record<string, string> {
  const deps = service?.depends_on;
  if (!deps) return {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((d) => [d, 'service_started']));
  return Object.fromEntries(Object.entries(deps).map(([name, d]) => [name, d?.condition ?? 'service_started']));
}

const commandOf = (service: ComposeService | undefined) => [service?.command ?? []].flat().join(' ');

function k8sDocuments(file: string) {
  const docs = parseAllDocuments(read(file));
  if (!Array.isArray(docs)) return { errors: ['empty file'], objects: [] };
  return {
    errors: docs.flatMap((d) => d.errors.map((e) => e.message)),
    objects: docs.map((d) => d.toJS() as { kind?: string; metadata?: { name?: string; namespace?: string } } | null).filter((o) => o !== null),
  };
}
const deploymentNames = (file: string) =>
  k8sDocuments(file)
    .objects.filter((o) => o.kind === 'Deployment')
    .map((o) => o.metadata?.name);

const contexts = services.map(({ def, port }) => ({ context: def.context as string, config: def.config as Record<string, VarSpec>, port, consumes: def.handlers.length > 0 }));

describe('docker-compose.yml', () => {
  test('When the compose file is parsed, Then it has postgres, rabbitmq and gateway', () => {
    expect(Object.keys(containers)).toEqual(expect.arrayContaining(['postgres', 'rabbitmq', 'gateway']));
    expect(containers.postgres.image).toMatch(/^postgres:16/);
    expect(containers.rabbitmq.image).toMatch(/^rabbitmq:3\.13-management/);
  });

  test('When the stack runs, Then only the gateway (8080) and the sites publisher (8090, readers of published sites) publish a host port', () => {
    const publishing = Object.entries(containers)
      .filter(([, c]) => (c.ports ?? []).length > 0)
      .map(([name]) => name);
    expect(publishing).toEqual(['gateway', 'sites-publisher']);
    expect(containers.gateway.ports!.map(String)).toEqual(['8080:8080']);
    expect(containers['sites-publisher'].ports!.map(String)).toEqual(['8090:8090']);
    expect(commandOf(containers['sites-publisher'])).toContain('services/sites/src/publisher/main.ts');
  });

  test('When postgres and rabbitmq start, Then both have a healthcheck (which the app containers wait on)', () => {
    expect(containers.postgres.healthcheck?.test).toBeDefined();
    expect(containers.rabbitmq.healthcheck?.test).toBeDefined();
  });

  test('When the gateway starts, Then every service URL it reads is set explicitly (empty: not deployed)', () => {
    const env = environmentOf(containers.gateway);
    const urlVars = Object.keys(gatewayConfig).filter((name) => name.endsWith('_URL'));
    for (const name of urlVars) expect({ name, value: env[name] }).toEqual({ name, value: expect.any(String) });
    expect(env.INTERNAL_AUTH_SECRET).toEqual(expect.any(String));
  });

  test('When the gateway resolves tokens, Then it asks identity and hears its events on the broker: no database, no database role (ADR 0021)', () => {
    const env = environmentOf(containers.gateway);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(new URL(env.AMQP_URL ?? '').hostname).toBe('rabbitmq');
    expect(env.AMQP_EXCHANGE).toBe('docs.events');
    expect(read('infra/postgres/00-init.sql')).not.toMatch(/create role gateway/);
  });

  test('When the gateway URL of a context is not empty, Then that context is deployed', () => {
    const deployed = Object.entries(environmentOf(containers.gateway))
      .filter(([name, value]) => name.endsWith('_URL') && name !== 'AMQP_URL' && value)
      .map(([name]) => name.replace(/_URL$/, '').toLowerCase());
    for (const ctx of deployed) expect(containers).toHaveProperty([`${ctx}-api`]);
  });

  describe.each(contexts)('context $context', ({ context, config, port }) => {
    const api = containers[`${context}-api`];
    const worker = containers[`${context}-worker`];
    const required = Object.entries(config)
      .filter(([, spec]) => spec.required === true)
      .map(([name]) => name);

    test(`When ${context} is deployed with compose, Then it has the containers ${context}-api and ${context}-worker`, () => {
      expect(api).toBeDefined();
      expect(worker).toBeDefined();
      expect(commandOf(api)).toContain(`services/${context}/src/main.ts`);
      expect(commandOf(worker)).toContain(`services/${context}/src/worker.ts`);
    });

    test.each(['api', 'worker'])(
      `When the ${context} %s container starts, Then it gets every required variable plus DATABASE_URL, AMQP_URL and DB_SCHEMA`,
      (kind) => {
        const env = environmentOf(containers[`${context}-${kind}`]);
        for (const name of [...required, 'DATABASE_URL', 'AMQP_URL', 'DB_SCHEMA']) {
          expect({ name, value: env[name] }).toEqual({ name, value: expect.stringMatching(/\S/) });
        }
        expect(env.DB_SCHEMA).toBe(context);
        // Its own role, which owns only its own schema (infra/postgres/00-init.sql).
        const db = new URL(env.DATABASE_URL!);
        expect({ user: db.username, database: db.pathname }).toEqual({ user: context, database: '/docs' });
      },
    );

    // Inside a container 127.0.0.1 is the container itself: a default like that (e.g. the URL of another api)
    // must be overridden. PUBLIC_URL, APP_URL and SITES_PUBLIC_URL are what browsers use, so localhost is right for them here.
    const isLocal = /\/\/([^/@]*@)?(127\.0\.0\.1|localhost)\b/;
    const localDefaults = Object.entries(config)
      .filter(([name, spec]) => !['PUBLIC_URL', 'APP_URL', 'SITES_PUBLIC_URL'].includes(name) && isLocal.test(spec.default ?? ''))
      .map(([name]) => name);

    test.each(['api', 'worker'])(`When the ${context} %s container starts, Then no variable is left at a 127.0.0.1 default`, (kind) => {
      const env = environmentOf(containers[`${context}-${kind}`]);
      for (const name of localDefaults) expect({ name, value: env[name] }).toEqual({ name, value: expect.stringMatching(/^(?!.*\/\/([^/@]*@)?(127\.0\.0\.1|localhost)\b)\S/) });
    });

    test(`When the ${context} api starts, Then it listens on PORT ${port} and has a healthcheck`, () => {
      expect(environmentOf(api).PORT).toBe(String(port));
      expect(commandOf({ command: api?.healthcheck?.test })).toContain(`:${port}/health/ready`);
    });

    test(`When the gateway proxies to ${context}, Then ${context.toUpperCase()}_URL points at http://${context}-api:${port}`, () => {
      expect(environmentOf(containers.gateway)[`${context.toUpperCase()}_URL`]).toBe(`http://${context}-api:${port}`);
    });

    test(`When the ${context} containers start, Then they wait for postgres and rabbitmq to be healthy`, () => {
      for (const container of [api, worker]) {
        expect(dependenciesOf(container)).toMatchObject({ postgres: 'service_healthy', rabbitmq: 'service_healthy' });
      }
    });
  });
});

describe('infra/k8s', () => {
  test.each(['shared.yaml', 'gateway.yaml', ...contexts.map((c) => `${c.context}.yaml`)])(
    'When infra/k8s/%s is parsed, Then it is valid YAML whose objects all live in the docs-platform namespace',
    (file) => {
      const { errors, objects } = k8sDocuments(`infra/k8s/${file}`);
      expect(errors).toEqual([]);
      expect(objects.length).toBeGreaterThan(0);
      for (const o of objects.filter((x) => x.kind !== 'Namespace')) expect(o.metadata?.namespace).toBe('docs-platform');
    },
  );

  test('When the gateway is deployed on Kubernetes, Then gateway.yaml has a gateway Deployment', () => {
    expect(deploymentNames('infra/k8s/gateway.yaml')).toContain('gateway');
  });

  test.each(contexts.map((c) => c.context))('When %s is deployed on Kubernetes, Then its file has an api and a worker Deployment', (context) => {
    expect(deploymentNames(`infra/k8s/${context}.yaml`)).toEqual(expect.arrayContaining([`${context}-api`, `${context}-worker`]));
  });

  test.each(contexts)('When the $context api runs on Kubernetes, Then it is probed on /health/ready and /health/live and the gateway reaches it', ({ context, port }) => {
    const { objects } = k8sDocuments(`infra/k8s/${context}.yaml`);
    const api = objects.find((o) => o.kind === 'Deployment' && o.metadata?.name === `${context}-api`) as any;
    const container = api?.spec?.template?.spec?.containers?.[0];
    expect(container?.readinessProbe?.httpGet?.path).toBe('/health/ready');
    expect(container?.livenessProbe?.httpGet?.path).toBe('/health/live');
    expect(objects).toContainEqual(expect.objectContaining({ kind: 'Service', metadata: expect.objectContaining({ name: `${context}-api` }) }));
    const gateway = k8sDocuments('infra/k8s/gateway.yaml').objects.find((o) => o.kind === 'Deployment') as any;
    const env: Array<{ name: string; value?: string }> = gateway?.spec?.template?.spec?.containers?.[0]?.env ?? [];
    expect(env.find((e) => e.name === `${context.toUpperCase()}_URL`)?.value).toBe(`http://${context}-api:${port}`);
  });
});

describe('infra/postgres and infra/rabbitmq', () => {
  test('When PostgreSQL is initialised, Then every context gets its own role and schema', () => {
    const sql = read('infra/postgres/00-init.sql');
    const list = /foreach ctx in array array\[([^\]]*)\]/.exec(sql)?.[1] ?? '';
    const initialised = list.split(',').map((s) => s.trim().replace(/^'|'$/g, ''));
    expect(initialised).toEqual(expect.arrayContaining(contexts.map((c) => c.context)));
  });

  const definitions = JSON.parse(read('infra/rabbitmq/definitions.json')) as {
    exchanges: Array<{ name: string; type: string; durable: boolean; auto_delete: boolean; internal: boolean; arguments: object }>;
    queues: Array<{ name: string; durable: boolean; auto_delete: boolean; arguments: Record<string, unknown> }>;
    bindings: unknown[];
  };

  test('When RabbitMQ boots, Then it declares the durable topic exchange docs.events', () => {
    expect(definitions.exchanges).toContainEqual(expect.objectContaining({ name: 'docs.events', type: 'topic', durable: true, auto_delete: false, internal: false, arguments: {} }));
  });

  test('When rabbitmq.conf is loaded, Then it imports definitions.json where compose mounts it', () => {
    expect(read('infra/rabbitmq/rabbitmq.conf')).toMatch(/^load_definitions\s*=\s*\/etc\/rabbitmq\/definitions\.json$/m);
    expect(containers.rabbitmq.healthcheck).toBeDefined();
    expect(JSON.stringify(containers)).toContain('infra/rabbitmq/definitions.json:/etc/rabbitmq/definitions.json');
  });

  // Must equal what AmqpBus declares (contextQueues, libs/bus/src/queues.ts: quorum queues, docs/adr/0050),
  // or the worker's declaration fails with PRECONDITION_FAILED.
  const mainQueues = definitions.queues.map((q) => q.name).filter((name) => !/\.(retry|dlq)$/.test(name));

  test.each(mainQueues)('When a worker declares the %s queues, Then they are declared with exactly the same arguments', (queue) => {
    const byName = new Map(definitions.queues.map((q) => [q.name, q]));
    for (const spec of contextQueues(queue)) {
      expect(byName.get(spec.name)).toEqual({ name: spec.name, vhost: '/', durable: true, auto_delete: false, arguments: spec.arguments });
    }
  });

  test('When a context consumes events, Then its queues are declared (and bindings are left to its worker)', () => {
    const consumers = contexts.filter((c) => c.consumes).map((c) => c.context);
    expect(mainQueues).toEqual(expect.arrayContaining([...consumers, 'sites', 'integrations', 'translations']));
    expect(definitions.bindings).toEqual([]);
  });
});
