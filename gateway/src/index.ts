import { loadConfig } from '@dp/config';
import { closeServer, listen } from '@dp/http';
import { createDb } from '@dp/db';
import { createLogger } from '@dp/log';
import { createGatewayApp } from './app';
import { principalResolver } from './auth';
import { gatewayConfig } from './config';

export { createGatewayApp } from './app';
export { principalResolver } from './auth';
export { gatewayConfig } from './config';

export async function startGateway(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(gatewayConfig, env);
  const log = createLogger('gateway', config.LOG_LEVEL);
  // The gateway's only database use: identity's principal function, bound to identity's schema.
  const db = createDb({ url: config.DATABASE_URL, schema: config.IDENTITY_DB_SCHEMA });
  try {
    const app = createGatewayApp({ config, log, resolvePrincipal: principalResolver(db, log) });
    const server = await listen(app, config.PORT, env.HOST ?? '0.0.0.0');
    const port = (server.address() as { port: number }).port;
    log.info({ port, identitySchema: config.IDENTITY_DB_SCHEMA }, 'gateway listening');
    const stop = async () => {
      await closeServer(server);
      await db.destroy();
    };
    return { url: `http://127.0.0.1:${port}`, server, stop };
  } catch (err) {
    await db.destroy();
    throw err;
  }
}
