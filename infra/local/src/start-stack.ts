import { ConfigError, redactUrl } from '@dp/config';
import { requestStop } from '@dp/log';
import { LaunchError, startStack } from './stack';

/** A stop that hangs (a stuck connection) must not keep the process, and its ports, alive. */
const STOP_TIMEOUT_MS = 10_000;

/** `npm start`: the whole platform in one process. */
async function main() {
  const stack = await startStack();
  console.log(`
  Docs platform API is up: ${stack.baseUrl}/v1   (health: ${stack.baseUrl}/health)
  API reference: ${stack.baseUrl}/docs   (OpenAPI 3.1: ${stack.baseUrl}/v1/openapi.json)
  Database: ${redactUrl(stack.databaseUrl)}   Bus: ${stack.bus}
  Ports: ${Object.entries(stack.ports).map(([name, port]) => `${name} ${port}`).join(', ')}, sites publisher ${stack.publisher.port}
  Published sites: ${stack.publisher.publicUrl}/<organizationId>/<siteId>   (each site's urls.published)
  Metrics: ${stack.metricsUrl ? stack.metricsUrl.replace('127.0.0.1', 'localhost') : 'off (METRICS_PORT=0)'}   (Prometheus; every process's series, by their process label)
  Admin token: ${stack.adminToken}

  Create a user:   curl -s -X POST ${stack.baseUrl}/v1/admin/users -H "Authorization: Bearer ${stack.adminToken}" \\
                     -H 'Content-Type: application/json' -d '{"email":"ada@example.com","displayName":"Ada"}'
`);
  // npm and tsx pass SIGINT/SIGTERM on to this process; a second signal, or a stop that hangs, ends it at once.
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    // First: Ctrl-C reaches the embedded PostgreSQL too, which ends every connection while the stack stops.
    requestStop();
    console.log(`\n  ${signal}: stopping the stack`);
    setTimeout(() => process.exit(1), STOP_TIMEOUT_MS).unref();
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  // A misconfiguration is said in one line; anything else keeps its stack trace.
  console.error(err instanceof LaunchError || err instanceof ConfigError ? `npm start: ${err.message}` : err);
  process.exit(1);
});
