import type { ConfigOf, listenerConfig } from '@dp/config';
import { serveMetrics, type MetricsServer } from '@dp/metrics';
import { portFree, portOrFree } from './ports';
// Used when called, never at load: the cycle with ./stack is harmless.
import { LaunchError } from './stack';

/** Where `npm start` serves its metrics when METRICS_PORT is unset (OpenTelemetry's Prometheus port). */
export const METRICS_PORT = 9464;

/**
 * The stack's one metrics endpoint (docs/adr/0047): every process of the stack shares this Node process and
 * so one registry; its series are told apart by their `process` label. METRICS_PORT set: that port or fail
 * (0: none); unset: 9464, or the next free port ending in 4; tests (`ephemeral`): a port the OS picks.
 */
export async function startStackMetrics(
  env: NodeJS.ProcessEnv,
  ephemeral: boolean,
  listener: ConfigOf<typeof listenerConfig>,
): Promise<MetricsServer | undefined> {
  const serve = (port: number) => serveMetrics(port, listener.HOST, listener);
  if (ephemeral) return serve(0);
  const raw = env.METRICS_PORT;
  if (raw === undefined || raw === '') return serve(await portOrFree(METRICS_PORT));
  const port = Number(raw);
  if (port === 0) return undefined;
  if (!Number.isInteger(port) || !(await portFree(port))) throw new LaunchError(`METRICS_PORT=${raw} is taken or not a port: free it, or unset METRICS_PORT to let npm start pick one`);
  return serve(port);
}
