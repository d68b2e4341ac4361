import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { freePortBlock } from '@dp/local';
import { sleep } from './stats';

/**
 * The deployed shape, for measuring: the gateway, the identity api and the content api each in its own Node
 * process (as in docker-compose / k8s), started like the Dockerfile does (tsx), on the schemas of the stack
 * that created the fixture. Ports are fixed and below the Linux ephemeral range (32768+), so they cannot
 * collide with the client side of the many local connections; a block that is taken moves to the next one.
 */
export type DeployedName = 'gateway' | 'identity' | 'content';

export interface DeployedProcess {
  name: DeployedName;
  url: string;
  pid: number;
}

export interface Deployed {
  gateway: DeployedProcess;
  identity: DeployedProcess;
  content: DeployedProcess;
  /** application_name of the gateway's, identity's and content's PostgreSQL connections. */
  applications: { gateway: string; identity: string; content: string };
  stop(): Promise<void>;
}

export interface DeployOptions {
  /** `stack.envOf('identity')` and `stack.envOf('content')`: DATABASE_URL, DB_SCHEMA, INTERNAL_AUTH_SECRET, ADMIN_TOKEN... */
  envOf(context: string): NodeJS.ProcessEnv;
  secret: string;
  /** First port tried: gateway, identity, content on base, base+1, base+2. */
  basePort: number;
  logLevel: string;
  /** When set, each process writes a V8 CPU profile there on exit (`node --cpu-prof`). */
  cpuProfDir?: string;
  /** When set, each process's stdout and stderr go to `<dir>/<name>.log` too. */
  logDir?: string;
  /** Extra node flags for the three processes (diagnostics, e.g. --trace-gc). */
  nodeFlags?: string[];
}

const ROOT = path.resolve(__dirname, '..');
const ENTRY: Record<DeployedName, string> = {
  gateway: 'gateway/src/main.ts',
  identity: 'services/identity/src/main.ts',
  content: 'services/content/src/main.ts',
};

async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited (${child.signalCode ?? child.exitCode}) before answering`);
    const ok = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${url}/health/ready did not answer within ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM'); // runMain: closes the server and the pool, then exits (and writes --cpu-prof)
  });
}

export async function startDeployed(opts: DeployOptions): Promise<Deployed> {
  const [gatewayPort, identityPort, contentPort] = await freePortBlock(opts.basePort, 3);
  const url = (port: number) => `http://127.0.0.1:${port}`;
  const common = { LOG_LEVEL: opts.logLevel, HOST: '127.0.0.1' };
  const applications = {
    gateway: `bench-gateway-${gatewayPort}`,
    identity: `bench-identity-${gatewayPort}`,
    content: `bench-content-${gatewayPort}`,
  };
  // Tagged connections, so that the PostgreSQL backends serving each service can be told apart.
  const tagged = (env: NodeJS.ProcessEnv, name: string): NodeJS.ProcessEnv => {
    const url = new URL(env.DATABASE_URL!);
    url.searchParams.set('application_name', name);
    return { ...env, DATABASE_URL: url.toString() };
  };
  const envs: Record<DeployedName, NodeJS.ProcessEnv> = {
    identity: { ...tagged(opts.envOf('identity'), applications.identity), ...common, PORT: String(identityPort) },
    content: { ...tagged(opts.envOf('content'), applications.content), ...common, PORT: String(contentPort) },
    gateway: {
      ...process.env,
      ...common,
      // No database: principals from identity's API, evicted by its events on the stack's exchange (docs/adr/0021).
      AMQP_URL: opts.envOf('identity').AMQP_URL,
      AMQP_EXCHANGE: opts.envOf('identity').AMQP_EXCHANGE,
      // The load comes from one token: a limit it never reaches, so its cost is measured but it never refuses.
      RATE_LIMIT_PER_MINUTE: '100000000',
      INTERNAL_AUTH_SECRET: opts.secret,
      PORT: String(gatewayPort),
      IDENTITY_URL: url(identityPort),
      CONTENT_URL: url(contentPort),
      // Not deployed for this measurement: their paths answer 503.
      SITES_URL: '',
      OPENAPI_URL: '',
      INTEGRATIONS_URL: '',
      TRANSLATIONS_URL: '',
    },
  };
  const ports: Record<DeployedName, number> = { gateway: gatewayPort, identity: identityPort, content: contentPort };

  const children = new Map<DeployedName, ChildProcess>();
  const output = new Map<DeployedName, string[]>();
  const killAll = () => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL'));
  process.once('exit', killAll); // a crash or the watchdog must not leave servers behind

  const stop = async () => {
    await Promise.all([...children.values()].map((c) => stopChild(c)));
    process.removeListener('exit', killAll);
  };

  try {
    for (const name of ['identity', 'content', 'gateway'] as const) {
      // One directory per service: V8 writes a profile per thread (tsx's loader runs in a worker thread).
      const prof = opts.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(opts.cpuProfDir, name)}`] : [];
      const args = [...prof, ...(opts.nodeFlags ?? []), '--import', 'tsx', ENTRY[name]];
      const child = spawn(process.execPath, args, { cwd: ROOT, env: envs[name], stdio: ['ignore', 'pipe', 'pipe'] });
      children.set(name, child);
      const lines: string[] = [];
      output.set(name, lines);
      const file = opts.logDir ? path.join(opts.logDir, `${name}.log`) : undefined;
      if (file) mkdirSync(opts.logDir!, { recursive: true });
      const keep = (chunk: Buffer) => {
        if (file) appendFileSync(file, chunk);
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        if (lines.length > 50) lines.splice(0, lines.length - 50);
      };
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
    }
    await Promise.all(
      [...children].map(([name, child]) =>
        waitReady(url(ports[name]), child, 30_000).catch((err: Error) => {
          throw new Error(`${name} (${ENTRY[name]}): ${err.message}\n${output.get(name)!.join('\n')}`);
        }),
      ),
    );
  } catch (err) {
    await stop();
    throw err;
  }
  const proc = (name: DeployedName): DeployedProcess => ({ name, url: url(ports[name]), pid: children.get(name)!.pid! });
  return { gateway: proc('gateway'), identity: proc('identity'), content: proc('content'), applications, stop };
}
