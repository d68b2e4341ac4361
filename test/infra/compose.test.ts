import fs from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { contextQueues } from '@dp/bus';
import type { VarSpec } from '@dp/config';
import { gatewayConfig } from '@dp/gateway';
import { services } from '@dp/local';
import { runAdmin } from '../../infra/admin/src/program';

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
      // Not a context: the broker, where clients reach the gateway (the API reference's server) and its app pages.
      .filter(([name, value]) => name.endsWith('_URL') && !['AMQP_URL', 'PUBLIC_URL', 'APP_URL'].includes(name) && value)
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

/** What Kubernetes reads of a container, a pod template and the objects around them (only the fields checked). */
interface K8sContainer {
  name: string;
  image?: string;
  command?: string[];
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: Array<{ name: string; value?: string; valueFrom?: { configMapKeyRef?: { name: string; key: string }; secretKeyRef?: { name: string; key: string } } }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  readinessProbe?: K8sProbe;
  livenessProbe?: K8sProbe;
  startupProbe?: K8sProbe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}
interface K8sProbe {
  httpGet?: { path?: string; port?: string | number };
  initialDelaySeconds?: number;
  periodSeconds?: number;
  failureThreshold?: number;
}
interface K8sObject {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: {
    replicas?: number;
    selector?: { matchLabels?: Record<string, string> };
    template?: { metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> }; spec?: { containers?: K8sContainer[]; initContainers?: K8sContainer[]; restartPolicy?: string } };
    maxUnavailable?: number | string;
    minAvailable?: number | string;
    scaleTargetRef?: { apiVersion?: string; kind?: string; name?: string };
    minReplicas?: number;
    maxReplicas?: number;
    metrics?: Array<{ type?: string; resource?: { name?: string; target?: { type?: string; averageUtilization?: number } } }>;
  };
}

const kustomization = parse(read('infra/k8s/kustomization.yaml')) as {
  namespace?: string;
  resources?: string[];
  images?: Array<{ name?: string; newName?: string; newTag?: string; digest?: string }>;
};
const k8sFiles = fs.readdirSync(path.join(root, 'infra/k8s')).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
const k8sObjects = (kustomization.resources ?? []).flatMap((file) => k8sDocuments(`infra/k8s/${file}`).objects as K8sObject[]);
const k8sFind = (kind: string, name: string) => k8sObjects.find((o) => o.kind === kind && o.metadata?.name === name);
const workloads = k8sObjects.filter((o) => o.kind === 'Deployment' || o.kind === 'Job');
const podContainers = (o: K8sObject | undefined) => [...(o?.spec?.template?.spec?.initContainers ?? []), ...(o?.spec?.template?.spec?.containers ?? [])];
const mainContainer = (o: K8sObject | undefined): K8sContainer | undefined => o?.spec?.template?.spec?.containers?.[0];
/** The Deployments that serve HTTP (a port named http; other ports, e.g. for metrics, do not count): the gateway, each api, the sites publisher. */
const httpPort = (c: K8sContainer | undefined) => c?.ports?.find((p) => p.name === 'http')?.containerPort;
const served = k8sObjects.filter((o) => o.kind === 'Deployment' && httpPort(mainContainer(o)) !== undefined).map((o) => o.metadata!.name!);
const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

/**
 * A container's variables as Kubernetes gives them: its `env` and every key of the ConfigMaps and Secrets of its
 * `envFrom`. `plain`: only what is not secret (literal values and ConfigMaps), which compose must agree with.
 */
function k8sEnvironment(container: K8sContainer | undefined, { plain = false } = {}): Map<string, string | undefined> {
  const env = new Map<string, string | undefined>();
  const keysOf = (kind: string, name: string) => (plain && kind === 'Secret' ? {} : { ...k8sFind(kind, name)?.data, ...k8sFind(kind, name)?.stringData });
  for (const from of container?.envFrom ?? []) {
    const keys = from.configMapRef ? keysOf('ConfigMap', from.configMapRef.name) : keysOf('Secret', from.secretRef?.name ?? '');
    for (const [name, value] of Object.entries(keys)) env.set(name, value);
  }
  for (const { name, value, valueFrom } of container?.env ?? []) {
    const ref = valueFrom?.configMapKeyRef ?? valueFrom?.secretKeyRef;
    if (!ref) env.set(name, value);
    else if (!plain || valueFrom?.configMapKeyRef) env.set(name, keysOf(valueFrom?.configMapKeyRef ? 'ConfigMap' : 'Secret', ref.name)[ref.key]);
  }
  return env;
}

describe('infra/k8s: kustomization, probes, resources, disruption budgets, autoscalers, migrations (docs/adr/0052)', () => {
  test('When the deployment is applied with kubectl apply -k, Then kustomization.yaml lists every manifest and sets the one image every container runs', () => {
    expect([...(kustomization.resources ?? [])].sort()).toEqual([...k8sFiles].sort());
    expect(kustomization.namespace).toBe('docs-platform');
    expect(kustomization.images).toEqual([{ name: 'docs-platform', newName: expect.stringMatching(/\S/), newTag: expect.stringMatching(/\S/) }]);
    const images = workloads.flatMap((o) => podContainers(o).map((c) => ({ workload: o.metadata?.name, container: c.name, image: c.image })));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toEqual({ ...image, image: 'docs-platform' });
  });

  test('When the cluster schedules a pod, Then every container asks for CPU and memory and has a memory limit', () => {
    for (const o of workloads) {
      for (const c of podContainers(o)) {
        expect({ workload: o.metadata?.name, resources: c.resources }).toEqual({
          workload: o.metadata?.name,
          resources: { requests: { cpu: expect.any(String), memory: expect.any(String) }, limits: expect.objectContaining({ memory: expect.any(String) }) },
        });
      }
    }
  });

  test('When Prometheus discovers pods by annotation, Then every Deployment (workers too) is scraped on its metrics port and no Job is', () => {
    for (const o of k8sObjects.filter((x) => x.kind === 'Deployment')) {
      const metricsPort = mainContainer(o)?.ports?.find((p) => p.name === 'metrics')?.containerPort;
      expect({ deployment: o.metadata?.name, annotations: o.spec?.template?.metadata?.annotations }).toEqual({
        deployment: o.metadata?.name,
        annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(metricsPort), 'prometheus.io/path': '/metrics' },
      });
    }
    for (const o of k8sObjects.filter((x) => x.kind === 'Job')) expect(o.spec?.template?.metadata?.annotations?.['prometheus.io/scrape']).toBeUndefined();
  });

  test('When the manifests are read, Then the HTTP Deployments are the gateway, every api and the sites publisher', () => {
    expect([...served].sort()).toEqual(['gateway', ...contexts.map((c) => `${c.context}-api`), 'sites-publisher'].sort());
  });

  describe.each(served)('Deployment %s', (name) => {
    const deployment = k8sFind('Deployment', name);
    const labels = deployment?.spec?.template?.metadata?.labels;
    const container = mainContainer(deployment);

    test('When it runs, Then readiness is probed on /health/ready and liveness on /health/live, on its http port', () => {
      expect(container?.readinessProbe?.httpGet).toEqual({ path: '/health/ready', port: 'http' });
      expect(container?.livenessProbe?.httpGet).toEqual({ path: '/health/live', port: 'http' });
    });

    test('When a node is drained, Then a PodDisruptionBudget keeps all but one of its pods, and no other pods', () => {
      const budget = k8sObjects.find((o) => o.kind === 'PodDisruptionBudget' && selects(o.spec?.selector?.matchLabels, labels));
      expect(budget).toMatchObject({ apiVersion: 'policy/v1', metadata: { name } });
      expect(budget?.spec?.maxUnavailable ?? budget?.spec?.minAvailable).toBeDefined();
      for (const other of k8sObjects.filter((o) => (o.kind === 'Deployment' || o.kind === 'Job') && o !== deployment)) {
        expect({ other: other.metadata?.name, selected: selects(budget?.spec?.selector?.matchLabels, other.spec?.template?.metadata?.labels) }).toEqual({
          other: other.metadata?.name,
          selected: false,
        });
      }
    });

    test('When its CPU use grows, Then a HorizontalPodAutoscaler (autoscaling/v2) scales it from at least 2 pods, and the Deployment leaves it the replica count', () => {
      const scaler = k8sObjects.find((o) => o.kind === 'HorizontalPodAutoscaler' && o.spec?.scaleTargetRef?.name === name);
      expect(scaler).toMatchObject({ apiVersion: 'autoscaling/v2', spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name } } });
      expect(scaler?.spec?.minReplicas).toBeGreaterThanOrEqual(2);
      expect(scaler?.spec?.maxReplicas).toBeGreaterThan(scaler?.spec?.minReplicas ?? Infinity);
      expect(scaler?.spec?.metrics).toContainEqual({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: expect.any(Number) } } });
      expect(deployment?.spec?.replicas).toBeUndefined();
    });
  });

  describe.each(contexts)('context $context', ({ context }) => {
    const { objects } = k8sDocuments(`infra/k8s/${context}.yaml`);
    const job = (objects as K8sObject[]).find((o) => o.kind === 'Job' && o.metadata?.name === `${context}-migrate`);
    const api = mainContainer(k8sFind('Deployment', `${context}-api`));

    test(`When ${context} is deployed, Then the Job ${context}-migrate runs the admin CLI's migrate for its schema, as its own role`, async () => {
      const command = mainContainer(job)?.command ?? [];
      expect(command.slice(0, 3)).toEqual(['npx', 'tsx', 'infra/admin/src/cli.ts']);
      expect(command.slice(3)).toEqual(['migrate', '--context', context]);
      expect(['Never', 'OnFailure']).toContain(job?.spec?.template?.spec?.restartPolicy);
      // The same DATABASE_URL (the role that owns the schema) and the schema the api uses.
      const env = k8sEnvironment(mainContainer(job));
      expect(env.get('DATABASE_URL')).toBe(k8sEnvironment(api).get('DATABASE_URL'));
      expect(env.get('ADMIN_DB_SCHEMAS')).toBe(`${context}=${k8sEnvironment(api).get('DB_SCHEMA')}`);
      // The CLI has that command and option: asking for its help runs nothing and exits 0.
      let help = '';
      const code = await runAdmin([...command.slice(3), '--help'], { out: (t) => void (help += t), err: (t) => void (help += t) }, {});
      expect({ code, help }).toEqual({ code: 0, help: expect.stringContaining('--context') });
    });

    test(`When the ${context} api starts while the migrations run, Then it waits for the lock under a startup probe of at least 5 minutes instead of being restarted`, () => {
      const probe = api?.startupProbe;
      expect(probe?.httpGet).toEqual({ path: '/health/live', port: 'http' });
      expect((probe?.periodSeconds ?? 10) * (probe?.failureThreshold ?? 3)).toBeGreaterThanOrEqual(300);
    });
  });

  test('When the gateway runs several pods, Then each enforces its share of the rate limit over the autoscaler\'s minimum, and the variables it sets are its own', () => {
    const gateway = mainContainer(k8sFind('Deployment', 'gateway'));
    const scaler = k8sObjects.find((o) => o.kind === 'HorizontalPodAutoscaler' && o.spec?.scaleTargetRef?.name === 'gateway');
    const env = k8sEnvironment(gateway);
    expect(env.get('GATEWAY_REPLICAS')).toBe(String(scaler?.spec?.minReplicas));
    expect(env.has('TRUST_PROXY')).toBe(true);
    for (const name of env.keys()) expect(Object.keys(gatewayConfig)).toContain(name);
  });

  test('When docker-compose.yml and infra/k8s describe the platform, Then they run the same processes', () => {
    // The app containers: those built from the root Dockerfile.
    const apps = Object.entries(containers)
      .filter(([, c]) => c.build !== undefined)
      .map(([name]) => name);
    const deployments = k8sObjects.filter((o) => o.kind === 'Deployment').map((o) => o.metadata?.name);
    expect([...deployments].sort()).toEqual([...apps].sort());
  });

  describe.each(k8sObjects.filter((o) => o.kind === 'Deployment').map((o) => o.metadata!.name!))('Deployment %s against its compose container', (name) => {
    const container = mainContainer(k8sFind('Deployment', name));
    const compose = environmentOf(containers[name]);

    test('When it starts, Then it runs the same command and gets every variable compose sets, with the same in-cluster values', () => {
      expect((container?.command ?? []).join(' ')).toBe(commandOf(containers[name]));
      const env = k8sEnvironment(container);
      for (const variable of Object.keys(compose)) expect({ variable, set: env.get(variable) !== undefined }).toEqual({ variable, set: true });
      // What is neither secret nor from .env (${...}): schema, ports, exchange, the other apis' URLs.
      const plain = [...k8sEnvironment(container, { plain: true })].filter(([variable]) => compose[variable] !== undefined && !compose[variable]!.includes('${'));
      expect(plain.length).toBeGreaterThan(0);
      for (const [variable, value] of plain) expect({ variable, value }).toEqual({ variable, value: compose[variable] });
    });

    test('When it listens, Then it has the PORT and METRICS_PORT compose gives it, declared as its http and metrics ports', () => {
      const port = compose.PORT;
      expect(k8sEnvironment(container).get('PORT')).toBe(port);
      expect(httpPort(container)).toBe(port === undefined ? undefined : Number(port));
      const metrics = k8sEnvironment(container).get('METRICS_PORT');
      expect(metrics).toBe(compose.METRICS_PORT);
      expect(container?.ports?.find((p) => p.name === 'metrics')?.containerPort).toBe(metrics && metrics !== '0' ? Number(metrics) : undefined);
    });

    test('When it listens, Then it binds every interface of its pod and container (HOST defaults to loopback, docs/adr/0062)', () => {
      expect({ compose: compose.HOST, k8s: k8sEnvironment(container).get('HOST') }).toEqual({ compose: '0.0.0.0', k8s: '0.0.0.0' });
    });
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
