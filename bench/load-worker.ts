/**
 * Runs one autocannon load in its own process (forked by `http.ts`), so the load generator does not share an
 * event loop with the gateway and services it measures. Receives a LoadConfig over IPC, answers a LoadOutcome.
 */
import autocannon from 'autocannon';
import { summarize, type LatencySummary } from './stats';

export interface LoadConfig {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers: Record<string, string>;
  durationS: number;
  overallRate: number;
  connections: number;
}

export interface LoadOutcome {
  /** Responses with status 200 per second of the run. */
  rps: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationS: number;
  /** Per-response latency (sub-millisecond, 200s only), from autocannon's `response` events. */
  latency: LatencySummary;
}

async function run(cfg: LoadConfig): Promise<LoadOutcome> {
  const samples: number[] = [];
  let non200 = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: cfg.url,
        method: cfg.method ?? 'GET',
        body: cfg.body,
        headers: cfg.headers,
        duration: cfg.durationS,
        overallRate: cfg.overallRate,
        connections: cfg.connections,
        // Record what was measured: autocannon's correction assumes an interval of ceil(1/rate) = 1 ms here.
        ignoreCoordinatedOmission: true,
      },
      (err, res: autocannon.Result) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) samples.push(responseTime);
      else non200++;
    });
  });
  return {
    rps: samples.length / result.duration,
    ok: samples.length,
    non2xx: non200,
    errors: result.errors,
    timeouts: result.timeouts,
    durationS: result.duration,
    latency: summarize(samples),
  };
}

process.once('message', (cfg: LoadConfig) => {
  run(cfg).then(
    (outcome) => process.send!({ outcome }, () => process.disconnect()),
    (err: Error) => process.send!({ error: err.message }, () => process.disconnect()),
  );
});
