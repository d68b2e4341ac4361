import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/*
 * A RabbitMQ node of its own for the reliability tests and the chaos run (docs/adr/0028). The tests stop its app, close its
 * connections and SIGKILL it; doing that to the shared broker on 5672 would break every other test and
 * person using it at the time. globalSetup starts one node per run on free ports, with its own data and
 * log directory, and tells the test files where it is through the environment; globalTeardown stops it.
 */

const execFileAsync = promisify(execFile);

export interface RabbitNode {
  /** Erlang node name, e.g. `rel-1a2b3c@localhost`: what `rabbitmqctl -n` takes. */
  name: string;
  port: number;
  distPort: number;
  /** Holds its config, data (mnesia), logs and pid file; removed by `removeNode`. */
  dir: string;
  amqpUrl: string;
}

const ENV = 'RELIABILITY_RABBITMQ_NODE';

/** The node globalSetup started (set in the environment the test files inherit). */
export function nodeFromEnv(): RabbitNode {
  const raw = process.env[ENV];
  if (!raw) throw new Error(`${ENV} is not set: run the reliability tests with jest -c jest.reliability.config.js`);
  return JSON.parse(raw) as RabbitNode;
}

export function exportNode(node: RabbitNode): void {
  process.env[ENV] = JSON.stringify(node);
  // Everything in the reliability run (libs/testing's TEST_AMQP_URL, fixture processes) talks to this node.
  process.env.TEST_AMQP_URL = node.amqpUrl;
}

/** `rabbitmqctl -n <node> <args>`; throws with its output when it fails. */
export async function rabbitmqctl(node: RabbitNode, ...args: string[]): Promise<string> {
  try {
    const { stdout } = await execFileAsync(process.env.RABBITMQCTL ?? 'rabbitmqctl', ['-n', node.name, ...args], { timeout: 90_000 });
    return stdout;
  } catch (err) {
    const e = err as Error & { stdout?: string; stderr?: string };
    throw new Error(`rabbitmqctl -n ${node.name} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

/** True when something accepts a TCP connection on `port` of 127.0.0.1. */
export function portAnswers(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Two free ports below the ephemeral range (32768+), so that no client socket takes them between runs. */
async function freePorts(): Promise<[number, number]> {
  for (let tries = 0; tries < 50; tries++) {
    const port = 20000 + Math.floor(Math.random() * 6000) * 2;
    if (!(await portAnswers(port, 300)) && !(await portAnswers(port + 1, 300))) return [port, port + 1];
  }
  throw new Error('no two free ports found for the reliability RabbitMQ node');
}

/** The OS pid of the node's Erlang VM (beam), from its pid file; undefined when it is not running. */
export function nodePid(node: RabbitNode): number | undefined {
  const file = path.join(node.dir, 'pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  try {
    // A killed process nobody reaped yet (no init in a container) is a zombie: gone for our purposes.
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ? undefined : pid;
  } catch {
    return undefined;
  }
}

/**
 * Starts the node (`rabbitmq-server -detached`) on its directory and waits until its app runs. Also what
 * brings it back after a SIGKILL: same name and data directory, so durable queues and persistent messages
 * are recovered.
 */
export async function bootNode(node: RabbitNode): Promise<void> {
  rmSync(path.join(node.dir, 'pid'), { force: true });
  const env = {
    ...process.env,
    RABBITMQ_NODENAME: node.name,
    RABBITMQ_NODE_PORT: String(node.port),
    RABBITMQ_DIST_PORT: String(node.distPort),
    // The system config file sets the shared broker's listener (5672): this node reads its own.
    RABBITMQ_CONFIG_FILE: path.join(node.dir, 'rabbitmq.conf'),
    RABBITMQ_MNESIA_BASE: path.join(node.dir, 'mnesia'),
    RABBITMQ_LOG_BASE: path.join(node.dir, 'log'),
    RABBITMQ_ENABLED_PLUGINS_FILE: path.join(node.dir, 'enabled_plugins'),
    RABBITMQ_PID_FILE: path.join(node.dir, 'pid'),
  };
  await execFileAsync(process.env.RABBITMQ_SERVER ?? 'rabbitmq-server', ['-detached'], { env, cwd: node.dir, timeout: 60_000 });
  // `wait` follows the pid file, then the distribution, then the app: a readiness signal, not a sleep.
  await rabbitmqctl(node, 'wait', '--timeout', '120', path.join(node.dir, 'pid'));
}

/** Creates a node's directory and starts it. */
export async function startNode(): Promise<RabbitNode> {
  const [port, distPort] = await freePorts();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dp-reliability-rabbitmq-'));
  writeFileSync(path.join(dir, 'rabbitmq.conf'), `listeners.tcp.local = 127.0.0.1:${port}\nloopback_users = none\n`);
  writeFileSync(path.join(dir, 'enabled_plugins'), '');
  // rabbitmq-server started as root runs as the rabbitmq user, which must own the directory.
  if (process.getuid?.() === 0) chownTree(dir, 'rabbitmq');
  const node: RabbitNode = { name: `rel-${path.basename(dir).split('-').pop()!.toLowerCase()}@localhost`, port, distPort, dir, amqpUrl: `amqp://guest:guest@127.0.0.1:${port}` };
  await bootNode(node);
  return node;
}

function chownTree(dir: string, user: string): void {
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith(`${user}:`));
  if (!passwd) return;
  const [, , uid, gid] = passwd.split(':');
  for (const file of [dir, path.join(dir, 'rabbitmq.conf'), path.join(dir, 'enabled_plugins')]) chownSync(file, Number(uid), Number(gid));
}

/** SIGKILL of the node's Erlang VM: no shutdown, nothing flushed that was not already. Resolves once it is gone. */
export async function killNode(node: RabbitNode): Promise<number> {
  const pid = nodePid(node);
  if (!pid) throw new Error(`RabbitMQ node ${node.name} is not running`);
  process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 200 && nodePid(node); i++) await new Promise((r) => setTimeout(r, 50));
  if (nodePid(node)) throw new Error(`RabbitMQ node ${node.name} (pid ${pid}) survived SIGKILL`);
  return pid;
}

/** Stops the node (gracefully, then SIGKILL when it does not) and removes its directory. */
export async function removeNode(node: RabbitNode): Promise<void> {
  try {
    if (nodePid(node)) await rabbitmqctl(node, 'stop').catch(() => undefined);
    const pid = nodePid(node);
    if (pid) process.kill(pid, 'SIGKILL');
  } finally {
    rmSync(node.dir, { recursive: true, force: true });
  }
}
