import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Deployed } from './deployed';
import { runLoad } from './http';
import type { LoadOutcome } from './load-worker';
import type { ReferenceStart } from './reference-servers';

export interface ThroughputOptions {
  /** Concurrent keep-alive connections, each sending its next request as soon as the last one answered. */
  connections: number;
  /** Measured seconds per path per round, each after warmupS. */
  roundS: number;
  warmupS: number;
  /** Rounds of the three paths, their order rotated each round so that noise falls on all three alike. */
  rounds: number;
}

export type ThroughputPath = 'full' | 'floor' | 'express';

export interface ThroughputResult {
  options: ThroughputOptions;
  /** Bytes of the body every path answers (the GET space JSON of the fixture). */
  bodyBytes: number;
  /** Requests/s with status 200, pooled over the rounds, per path. */
  rps: Record<ThroughputPath, number>;
  /** Requests/s of each round, per path (in round order). */
  roundsRps: Record<ThroughputPath, number[]>;
  /** Non-200 answers and errors per path (any is a broken measurement). */
  failed: Record<ThroughputPath, number>;
  /** full / floor and express / floor. */
  fullRatio: number;
  expressRatio: number;
}

export interface ThroughputTarget {
  deployed: Deployed;
  token: string;
  spaceId: string;
}

/** Starts a reference server (reference-servers.ts) in its own process; resolves once it listens. */
export async function startReference(start: ReferenceStart): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(path.join(__dirname, 'reference-servers.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (msg: { port: number }) => resolve(msg.port));
    child.once('exit', (code) => reject(new Error(`${start.role} server exited (${code}) before listening`)));
    child.send(start);
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/**
 * GET /v1/spaces/{id} at `connections` concurrent connections (closed loop) through the deployed gateway,
 * identity and content processes (full path), against a bare node:http server answering the same body (the
 * floor: what this machine can serve at all), and two empty Express hops (Express + http-proxy-middleware
 * to an Express handler answering the same body: the reference the issue quotes), in the same run.
 */
export async function benchThroughput(t: ThroughputTarget, options: ThroughputOptions): Promise<ThroughputResult> {
  const spacePath = `/v1/spaces/${t.spaceId}`;
  const headers = { authorization: `Bearer ${t.token}`, accept: 'application/json' };
  const res = await fetch(`${t.deployed.gateway.url}${spacePath}`, { headers });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${spacePath} through the gateway answered ${res.status} ${body}`);

  const children: ChildProcess[] = [];
  try {
    const floor = await startReference({ role: 'floor', body });
    children.push(floor.child);
    const handler = await startReference({ role: 'express', body });
    children.push(handler.child);
    const proxy = await startReference({ role: 'express-proxy', body, target: handler.url });
    children.push(proxy.child);
    const urls: Record<ThroughputPath, string> = { full: t.deployed.gateway.url, floor: floor.url, express: proxy.url };

    const run = (p: ThroughputPath, durationS: number, warmupS: number): Promise<LoadOutcome> =>
      runLoad({ url: `${urls[p]}${spacePath}`, headers, rate: 0, connections: options.connections, warmupS, durationS });
    const order: ThroughputPath[] = ['full', 'floor', 'express'];
    // Fresh processes: let the JIT compile the hot paths before anything is recorded.
    for (const p of order) await run(p, 1, 0);
    const rounds: Record<ThroughputPath, LoadOutcome[]> = { full: [], floor: [], express: [] };
    for (let round = 0; round < options.rounds; round++) {
      for (let i = 0; i < order.length; i++) {
        const p = order[(i + round) % order.length];
        rounds[p].push(await run(p, options.roundS, options.warmupS));
      }
    }
    const pooled = (p: ThroughputPath) =>
      rounds[p].reduce((s, o) => s + o.ok, 0) / rounds[p].reduce((s, o) => s + o.durationS, 0);
    const rps = { full: pooled('full'), floor: pooled('floor'), express: pooled('express') };
    const perRound = (p: ThroughputPath) => rounds[p].map((o) => o.rps);
    const failed = (p: ThroughputPath) => rounds[p].reduce((s, o) => s + o.non2xx + o.errors + o.timeouts, 0);
    return {
      options,
      bodyBytes: Buffer.byteLength(body),
      rps,
      roundsRps: { full: perRound('full'), floor: perRound('floor'), express: perRound('express') },
      failed: { full: failed('full'), floor: failed('floor'), express: failed('express') },
      fullRatio: rps.full / rps.floor,
      expressRatio: rps.express / rps.floor,
    };
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}
