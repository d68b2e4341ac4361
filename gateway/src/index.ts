import { loadConfig } from '@dp/config';
import { closeServer, listen } from '@dp/http';
import { createLogger } from '@dp/log';
import { createGatewayApp } from './app';
import { gatewayConfig } from './config';

export { createGatewayApp } from './app';
export { gatewayConfig } from './config';

export async function startGateway(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(gatewayConfig, env);
  const log = createLogger('gateway', config.LOG_LEVEL);
  const server = await listen(createGatewayApp({ config, log }), config.PORT, env.HOST ?? '0.0.0.0');
  const port = (server.address() as { port: number }).port;
  log.info({ port }, 'gateway listening');
  return { url: `http://127.0.0.1:${port}`, server, stop: () => closeServer(server) };
}
