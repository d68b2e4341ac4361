import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import path from 'node:path';
import { contextSchema } from '@dp/db';
import { reservePorts, services } from '@dp/local';
import { residentBytes } from '@dp/metrics';

/**
 * The stack in its deployed shape (docs/adr/0116): the gateway, and per context an api and a worker, each its own
 * Node process started as the Dockerfile starts it (tsx), on the chaos run's own servers. Any api or worker can be
 * SIGKILLed and started again; each process's output goes to `<logDir>/<name>.log`.
 */
export interface ChaosProcess {
  name: string;
  kind: 'api' | 'worker' | 'gateway';
  pid: number | undefined;
}

export interface ChaosStack {
  gatewayUrl: string;
  adminToken: string;
  /** The apis and workers a fault may kill (not the gateway: it holds no state a fault could lose). */
  killable: ChaosProcess[];
  /** SIGKILLs the process and starts it again; resolves once it is ready. */
  killAndRestart(name: string): Promise<void>;
  /** The schema of each context, for the checker. */
  schemas: Record<string, string>;
  /** The highest resident set size seen of each process (sampled every second), in MiB. */
  peakRssMiB: Record<string, number>;
  stop(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '../../..');
const READY_MS = 120_000;

interface Running {
  spec: { name: string; kind: ChaosProcess['kind']; entry: string; env: NodeJS.ProcessEnv; readyUrl?: string };
  child: ChildProcess;
  log: WriteStream;
}

export async function startChaosStack(servers: { databaseUrl: string; amqpUrl: string }, logDir: string): Promise<ChaosStack> {
  const ports = await reservePorts(services.length + 1);
  const url = (port: number) => `http://127.0.0.1:${port}`;
  const adminToken = `dp_admin_${randomBytes(24).toString('base64url')}`;
  const common: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    DATABASE_URL: servers.databaseUrl,
    AMQP_URL: servers.amqpUrl,
    AMQP_EXCHANGE: 'docs.events',
    INTERNAL_AUTH_SECRET: randomBytes(32).toString('base64url'),
    ADMIN_TOKEN: adminToken,
    INTEGRATIONS_SECRETS_KEY: randomBytes(32).toString('base64'),
    CONTENT_SECRETS_KEY: randomBytes(32).toString('base64'),
    METRICS_PORT: '0',
    // Thirteen processes on one cluster: small pools (PostgreSQL's default 100 connections).
    DB_POOL_MAX: '4',
    PUBLIC_URL: url(ports[0]),
    // The load comes from a few tokens: a limit it never reaches.
    RATE_LIMIT_PER_MINUTE: '100000000',
    // An integration event an attempt lost to a fault is tried again within seconds, so the run settles.
    INTEGRATIONS_DELIVERY_RETRY_BASE_MS: '1000',
    INTEGRATIONS_DELIVERY_RETRY_MAX_MS: '4000',
  };
  services.forEach(({ def }, i) => (common[`${def.context.toUpperCase()}_URL`] = url(ports[i + 1])));
  const schemas = Object.fromEntries(services.map(({ def }) => [def.context, contextSchema('', def.context)]));
  const specs: Running['spec'][] = [
    ...services.map(({ def }, i) => ({ name: `${def.context}-api`, kind: 'api' as const, entry: `services/${def.context}/src/main.ts`, env: { ...common, DB_SCHEMA: schemas[def.context], PORT: String(ports[i + 1]) }, readyUrl: url(ports[i + 1]) })),
    ...services.map(({ def }) => ({ name: `${def.context}-worker`, kind: 'worker' as const, entry: `services/${def.context}/src/worker.ts`, env: { ...common, DB_SCHEMA: schemas[def.context], PORT: '0' } })),
    { name: 'gateway', kind: 'gateway' as const, entry: 'gateway/src/main.ts', env: { ...common, PORT: String(ports[0]) }, readyUrl: url(ports[0]) },
  ];

  const running = new Map<string, Running>();
  const killAll = () => running.forEach((r) => r.child.exitCode === null && r.child.kill('SIGKILL'));
  process.once('exit', killAll);
  const peakRssMiB: Record<string, number> = {};
  const sampling = setInterval(() => {
    for (const [name, r] of running) {
      const rss = r.child.pid ? residentBytes(r.child.pid) : undefined;
      if (rss !== undefined) peakRssMiB[name] = Math.max(peakRssMiB[name] ?? 0, Math.round(rss / 2 ** 20));
    }
  }, 1000);
  sampling.unref();

  const start = async (spec: Running['spec']): Promise<void> => {
    const log = running.get(spec.name)?.log ?? createWriteStream(path.join(logDir, `${spec.name}.log`), { flags: 'a' });
    const child = spawn(process.execPath, ['--import', 'tsx', spec.entry], { cwd: ROOT, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'] });
    running.set(spec.name, { spec, child, log });
    let started = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      log.write(chunk);
      if (!started && chunk.toString().includes('worker started')) started = true;
    });
    child.stderr!.on('data', (chunk: Buffer) => log.write(chunk));
    await waitReady(spec, child, () => started);
  };

  try {
    // The apis migrate their schemas; the workers start on migrated schemas; the gateway last.
    await Promise.all(specs.filter((s) => s.kind === 'api').map(start));
    await Promise.all(specs.filter((s) => s.kind === 'worker').map(start));
    await start(specs.find((s) => s.kind === 'gateway')!);
  } catch (err) {
    killAll();
    throw err;
  }

  return {
    gatewayUrl: url(ports[0]),
    adminToken,
    schemas,
    peakRssMiB,
    get killable() {
      return [...running.values()].filter((r) => r.spec.kind !== 'gateway').map((r) => ({ name: r.spec.name, kind: r.spec.kind, pid: r.child.pid }));
    },
    async killAndRestart(name) {
      const current = running.get(name);
      if (!current) throw new Error(`no process ${name}`);
      await new Promise<void>((resolve) => {
        if (current.child.exitCode !== null || current.child.signalCode !== null) return resolve();
        current.child.once('exit', () => resolve());
        current.child.kill('SIGKILL');
      });
      await start(current.spec);
    },
    async stop() {
      clearInterval(sampling);
      await Promise.all(
        [...running.values()].map(
          (r) =>
            new Promise<void>((resolve) => {
              if (r.child.exitCode !== null || r.child.signalCode !== null) return resolve();
              const kill = setTimeout(() => r.child.kill('SIGKILL'), 10_000);
              r.child.once('exit', () => {
                clearTimeout(kill);
                resolve();
              });
              r.child.kill('SIGTERM');
            }),
        ),
      );
      running.forEach((r) => r.log.end());
      process.removeListener('exit', killAll);
    },
  };
}

/** An api or the gateway answers /health/ready; a worker has said it started. */
async function waitReady(spec: Running['spec'], child: ChildProcess, workerStarted: () => boolean): Promise<void> {
  const deadline = Date.now() + READY_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${spec.name} exited (${child.signalCode ?? child.exitCode}) before it was ready: see its log`);
    const ready = spec.readyUrl
      ? await fetch(`${spec.readyUrl}/health/ready`, { signal: AbortSignal.timeout(1000) }).then(
          (res) => res.ok,
          () => false,
        )
      : workerStarted();
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${spec.name} was not ready within ${READY_MS} ms`);
}
