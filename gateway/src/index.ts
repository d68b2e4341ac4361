import { createBus, type Bus } from '@dp/bus';
import { loadConfig } from '@dp/config';
import { closeServer, listen } from '@dp/listen';
import { createLogger } from '@dp/log';
import { listenerDrops, startProcessMetrics } from '@dp/metrics';
import { startTracing } from '@dp/tracing';
import { createGatewayApp } from './app';
import { gatewayConfig } from './config';
import { identityPrincipals } from './identity';
import { PrincipalCache } from './principal-cache';
import { startReplicaHeartbeat, type LiveReplicas } from './replicas';

export { createGatewayApp } from './app';
export { PRINCIPAL_EVENTS, PrincipalCache } from './principal-cache';
export { gatewayConfig } from './config';
export { routes, serviceFor } from './routes';
export { startReplicaHeartbeat, ReplicaRoster, type LiveReplicas } from './replicas';

/** How long boot waits for the bus before serving uncached (the cache turns on whenever the bus comes). */
const LISTEN_WAIT_MS = 5000;

/** Gateway process: config -> principal cache listening to identity's events -> app -> listen. `bus`: the in-process one of `npm start`. */
export async function startGateway(env: NodeJS.ProcessEnv = process.env, opts: { bus?: Bus } = {}) {
  const config = loadConfig(gatewayConfig, env);
  const log = createLogger('gateway', config.LOG_LEVEL);
  const tracing = await startTracing('gateway', { otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const bus = opts.bus ?? createBus({ url: config.AMQP_URL, exchange: config.AMQP_EXCHANGE, log, connectionName: 'gateway' });
  const principals = new PrincipalCache({
    fetch: identityPrincipals(config.IDENTITY_URL, config.INTERNAL_AUTH_SECRET, log),
    secret: config.INTERNAL_AUTH_SECRET,
    ttlMs: config.GATEWAY_PRINCIPAL_TTL_MS,
    log,
  });
  const closeBus = () => (opts.bus ? Promise.resolve() : bus.close());
  let replicas: LiveReplicas | undefined;
  try {
    // With METRICS_PORT set, /metrics on a port of its own, which the gateway never proxies (docs/adr/0047).
    const metrics = await startProcessMetrics({ process: 'gateway', port: config.METRICS_PORT, host: config.HOST, limits: config, log });
    let timer: NodeJS.Timeout | undefined;
    const listening = await Promise.race([
      principals.listen(bus).then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), LISTEN_WAIT_MS))),
    ]).finally(() => clearTimeout(timer));
    if (!listening) log.warn('message broker not reachable: serving without the principal cache until it is');
    // The other replicas, heard on the bus, share the rate limit with this one (docs/adr/0055).
    replicas = startReplicaHeartbeat({ bus, everyMs: config.GATEWAY_HEARTBEAT_MS, log });
    const app = createGatewayApp({ config, log, principals, tracer: tracing.tracer, liveReplicas: replicas.count });
    const server = await listen(app, config.PORT, config.HOST, config, listenerDrops('gateway', log));
    const port = (server.address() as { port: number }).port;
    log.info({ port }, 'gateway listening');
    const stop = async () => {
      replicas?.stop();
      await closeServer(server);
      await metrics.stop();
      await closeBus();
      await tracing.stop();
    };
    return { url: `http://127.0.0.1:${port}`, server, principals, stop };
  } catch (err) {
    replicas?.stop();
    await closeBus();
    await tracing.stop();
    throw err;
  }
}
