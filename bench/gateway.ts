import { ASSERTION_HEADER, signAssertion } from '@dp/auth';
import { runLoad } from './http';
import type { LoadConfig, LoadOutcome } from './load-worker';
import type { Fixture } from './stack';

export interface GatewayBenchOptions {
  durationS: number;
  warmupS: number;
  overallRate: number;
  connections: number;
  /** Diagnostic run per path with 1 connection (no queueing): seconds, 0 to skip. */
  unloadedS: number;
  unloadedRate: number;
}

/** One request at a time: what each hop costs without queueing behind other requests. */
export interface UnloadedBreakdown {
  gateway: LoadOutcome;
  direct: LoadOutcome;
  /** The gateway's per-request identity lookup, POST /internal/principal, called straight. */
  identityLookup: LoadOutcome;
}

export interface GatewayBenchResult {
  options: GatewayBenchOptions;
  gateway: LoadOutcome;
  direct: LoadOutcome;
  addedP50: number;
  addedP99: number;
  unloaded?: UnloadedBreakdown;
}

type Target = Pick<LoadConfig, 'url' | 'headers' | 'method' | 'body'>;

async function expect200(url: string, headers: Record<string, string>, label: string, init: Partial<Target> = {}): Promise<void> {
  const res = await fetch(url, { headers, method: init.method, body: init.body });
  if (res.status !== 200) throw new Error(`${label}: ${init.method ?? 'GET'} ${url} answered ${res.status} ${await res.text()}`);
}

/**
 * GET /v1/spaces/{id} through the gateway (bearer token: identity lookup + assertion + proxy hop) and straight
 * at the content service (a pre-signed caller assertion), at the same fixed rate, one after the other.
 */
export async function benchGateway(fx: Fixture, options: GatewayBenchOptions): Promise<GatewayBenchResult> {
  const path = `/v1/spaces/${fx.spaceId}`;
  const viaGateway = { url: `${fx.stack.baseUrl}${path}`, headers: { authorization: `Bearer ${fx.token}`, accept: 'application/json' } };
  // What the gateway would mint for this user; valid for the whole run (TTL well above warm-up + duration).
  const assertion = signAssertion(
    { userId: fx.userId, staff: false, memberships: { [fx.orgId]: 'admin' } },
    fx.stack.secret,
    options.warmupS + options.durationS + 120,
  );
  const direct = { url: `${fx.stack.apis.content.url}${path}`, headers: { [ASSERTION_HEADER]: assertion, accept: 'application/json' } };
  await expect200(viaGateway.url, viaGateway.headers, 'gateway');
  await expect200(direct.url, direct.headers, 'content service');

  const load = (target: Target, durationS: number): Promise<LoadOutcome> =>
    runLoad({ ...target, durationS, overallRate: options.overallRate, connections: options.connections } satisfies LoadConfig);

  // Warm both paths (JIT, keep-alive sockets, pools) before measuring.
  if (options.warmupS > 0) {
    await load(viaGateway, options.warmupS);
    await load(direct, options.warmupS);
  }
  const gateway = await load(viaGateway, options.durationS);
  const directOutcome = await load(direct, options.durationS);

  let unloaded: UnloadedBreakdown | undefined;
  if (options.unloadedS > 0) {
    const identityLookup: Target = {
      url: `${fx.stack.apis.identity.url}/internal/principal`,
      method: 'POST',
      body: JSON.stringify({ token: fx.token }),
      headers: {
        'content-type': 'application/json',
        [ASSERTION_HEADER]: signAssertion({ service: 'gateway', staff: false, memberships: {} }, fx.stack.secret, options.unloadedS * 3 + 120),
      },
    };
    await expect200(identityLookup.url, identityLookup.headers, 'identity lookup', identityLookup);
    const one = (target: Target) => runLoad({ ...target, durationS: options.unloadedS, overallRate: options.unloadedRate, connections: 1 });
    unloaded = { gateway: await one(viaGateway), direct: await one(direct), identityLookup: await one(identityLookup) };
  }
  return {
    options,
    gateway,
    direct: directOutcome,
    addedP50: gateway.latency.p50 - directOutcome.latency.p50,
    addedP99: gateway.latency.p99 - directOutcome.latency.p99,
    unloaded,
  };
}
