/**
 * Runs one fixed-rate load in its own process (forked by `http.ts`), so the load generator does not share an
 * event loop with the processes it measures. Receives a LoadConfig over IPC, answers a LoadOutcome.
 *
 * Open loop, evenly spaced: request i is due at start + i / rate whatever happened to the earlier ones, and
 * goes out on an idle keep-alive connection (a new one is opened when all are busy, so nothing ever waits in
 * the client). autocannon's `overallRate` is not that: it gives each connection a budget of rate/connections
 * requests per second, sent back to back when the second starts (all connections' seconds start together),
 * so what it measures is a burst of `connections` concurrent requests once a second, not a steady rate.
 *
 * The client is as light as it can be, because it shares the machine's cores with what it measures: raw
 * keep-alive sockets, one pre-built request buffer written in one call, and responses framed by their
 * Content-Length (every measured service sends one; a response without it counts as an error).
 */
import net from 'node:net';
import { summarize, type LatencySummary } from './stats';

export interface LoadConfig {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers: Record<string, string>;
  /** Requests per second, evenly spaced. */
  rate: number;
  /**
   * Closed loop instead of the schedule: this many connections, each sending its next request as soon as
   * the previous one answered, for warmupS + durationS (rate is then ignored). Measures throughput.
   */
  connections?: number;
  /** Sent at the same rate first, on the same connections, and not recorded. */
  warmupS: number;
  durationS: number;
  /** Diagnostics: also return every measured request as [ms since the measured start, latency ms]. */
  timeline?: boolean;
}

export interface LoadOutcome {
  rate: number;
  /** Responses with status 200 per second of the measured window. */
  rps: number;
  sent: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationS: number;
  /** Send (request written) to the last byte of the response, 200s only, sub-millisecond. */
  latency: LatencySummary;
  /** The measured latencies themselves (ms), so that runs can be pooled. */
  latencies: number[];
  /** How late the generator sent each request after its due time (its own timer jitter). */
  sendLag: LatencySummary;
  /** Most requests in flight at once, and the connections it took. */
  maxInFlight: number;
  connections: number;
  /** Requests sent including the warm-up, and the generator's own CPU time over the whole run. */
  totalSent: number;
  generatorCpuMs: number;
  timeline?: Array<[number, number]>;
  /** Epoch ms of the first measured send (the timeline's origin). */
  measuredStartEpochMs?: number;
}

const REQUEST_TIMEOUT_MS = 10_000;
const now = () => performance.now();
const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)/i;

interface Conn {
  socket: net.Socket;
  /** Bytes of the response so far. */
  chunks: Buffer[];
  received: number;
  /** Total bytes of the response once its head is parsed (head + body), else -1. */
  expected: number;
  status: number;
  sentAt: number;
  record: boolean;
  busy: boolean;
}

async function run(cfg: LoadConfig): Promise<LoadOutcome> {
  const cpuAtStart = process.cpuUsage();
  const url = new URL(cfg.url);
  const port = Number(url.port || 80);
  const body = cfg.body === undefined ? Buffer.alloc(0) : Buffer.from(cfg.body);
  const head =
    `${cfg.method ?? 'GET'} ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\n` +
    Object.entries(cfg.headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('') +
    (cfg.body === undefined ? '' : `content-length: ${body.length}\r\n`) +
    '\r\n';
  const request = Buffer.concat([Buffer.from(head, 'latin1'), body]);

  const intervalMs = 1000 / cfg.rate;
  const warmupCount = Math.round(cfg.warmupS * cfg.rate);
  const total = warmupCount + Math.round(cfg.durationS * cfg.rate);
  const latencies: number[] = [];
  const timeline: Array<[number, number]> = [];
  const lags: number[] = [];
  const out = { ok: 0, non2xx: 0, errors: 0, timeouts: 0, sent: 0, connections: 0 };
  const idle: Conn[] = []; // LIFO: the connection released last is reused first
  const open = new Set<Conn>();
  let inFlight = 0;
  let maxInFlight = 0;
  let measuredStart = 0;

  let settleAll: () => void;
  const allDone = new Promise<void>((r) => (settleAll = r));
  let finished = 0;

  const complete = (conn: Conn, outcome: 'response' | 'error' | 'timeout') => {
    if (!conn.busy) return;
    conn.busy = false;
    inFlight--;
    if (conn.record) {
      if (outcome === 'timeout') out.timeouts++;
      else if (outcome === 'error') out.errors++;
      else if (conn.status === 200) {
        const ms = now() - conn.sentAt;
        out.ok++;
        latencies.push(ms);
        if (cfg.timeline) timeline.push([conn.sentAt - measuredStart, ms]);
      } else out.non2xx++;
    }
    conn.chunks = [];
    conn.received = 0;
    conn.expected = -1;
    if (outcome === 'response') idle.push(conn);
    else conn.socket.destroy();
    if (closed) return closedNext();
    if (++finished === total) settleAll();
  };

  const onData = (conn: Conn, chunk: Buffer) => {
    if (!conn.busy) return conn.socket.destroy(); // nothing asked: not a server we can measure
    conn.chunks.push(chunk);
    conn.received += chunk.length;
    if (conn.expected < 0) {
      const all = conn.chunks.length === 1 ? chunk : Buffer.concat(conn.chunks);
      conn.chunks = [all];
      const end = all.indexOf(HEADER_END);
      if (end < 0) return;
      const headText = all.toString('latin1', 0, end);
      conn.status = Number(headText.slice(9, 12));
      const length = CONTENT_LENGTH.exec(headText);
      if (!length) return complete(conn, 'error');
      conn.expected = end + 4 + Number(length[1]);
    }
    if (conn.received >= conn.expected) complete(conn, 'response');
  };

  const connect = (): Conn => {
    const socket = net.connect({ host: url.hostname, port, noDelay: true });
    const conn: Conn = { socket, chunks: [], received: 0, expected: -1, status: 0, sentAt: 0, record: false, busy: false };
    out.connections++;
    open.add(conn);
    socket.on('data', (chunk: Buffer) => onData(conn, chunk));
    socket.on('error', () => undefined); // 'close' follows
    socket.on('close', () => {
      open.delete(conn);
      const i = idle.indexOf(conn);
      if (i >= 0) idle.splice(i, 1);
      complete(conn, 'error');
    });
    return conn;
  };

  const send = (record: boolean) => {
    const conn = idle.pop() ?? connect();
    conn.busy = true;
    conn.record = record;
    conn.expected = -1;
    inFlight++;
    if (record) {
      maxInFlight = Math.max(maxInFlight, inFlight);
      out.sent++;
    }
    conn.sentAt = now();
    conn.socket.write(request);
  };

  // Requests without an answer after REQUEST_TIMEOUT_MS are timeouts (their connection is closed).
  const sweep = setInterval(() => {
    const t = now();
    for (const conn of open) if (conn.busy && t - conn.sentAt > REQUEST_TIMEOUT_MS) complete(conn, 'timeout');
  }, 500);

  // Closed loop: each answer releases the next request until the time is up, then the last ones drain.
  const closed = cfg.connections !== undefined;
  let closedPhase: 'warmup' | 'measured' | 'done' = 'warmup';
  const closedNext = () => {
    if (closedPhase === 'done') {
      if (inFlight === 0) settleAll();
      return;
    }
    next++;
    send(closedPhase === 'measured');
  };

  const start = now();
  let next = 0;
  if (closed) {
    setTimeout(() => {
      closedPhase = 'measured';
      measuredStart = now();
      setTimeout(() => {
        closedPhase = 'done';
        if (inFlight === 0) settleAll();
      }, cfg.durationS * 1000);
    }, cfg.warmupS * 1000);
    for (let i = 0; i < cfg.connections!; i++) closedNext();
  }
  await new Promise<void>((resolve) => {
    if (closed) return resolve();
    const tick = () => {
      const t = now();
      // Everything due by now goes out (a late timer catches up instead of shifting the schedule).
      while (next < total && start + next * intervalMs <= t) {
        const record = next >= warmupCount;
        if (next === warmupCount) measuredStart = t;
        if (record) lags.push(t - (start + next * intervalMs));
        send(record);
        next++;
      }
      if (next >= total) return resolve();
      setTimeout(tick, Math.max(0, start + next * intervalMs - now()));
    };
    tick();
  });
  if (closed) await allDone;
  const sendingEnded = closed ? measuredStart + cfg.durationS * 1000 : now();
  await Promise.race([allDone, new Promise((r) => setTimeout(r, REQUEST_TIMEOUT_MS + 1000))]);
  clearInterval(sweep);
  for (const conn of open) conn.socket.destroy();
  // The measured window: from the first measured send to the last send (the schedule), not the drain.
  const durationS = Math.max(sendingEnded - measuredStart, 1) / 1000;
  const cpu = process.cpuUsage(cpuAtStart);
  return {
    rate: cfg.rate,
    rps: out.ok / durationS,
    sent: out.sent,
    ok: out.ok,
    non2xx: out.non2xx,
    errors: out.errors,
    timeouts: out.timeouts,
    durationS,
    latency: summarize(latencies),
    latencies,
    sendLag: summarize(lags),
    maxInFlight,
    connections: out.connections,
    totalSent: next,
    generatorCpuMs: (cpu.user + cpu.system) / 1000,
    ...(cfg.timeline ? { timeline, measuredStartEpochMs: performance.timeOrigin + measuredStart } : {}),
  };
}

process.once('message', (cfg: LoadConfig) => {
  run(cfg).then(
    (outcome) => process.send!({ outcome }, () => process.disconnect()),
    (err: Error) => process.send!({ error: err.message }, () => process.disconnect()),
  );
});
