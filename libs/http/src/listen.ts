import { createServer, type RequestListener, type Server } from 'node:http';

/**
 * Listens with `handler` (an express app, or a listener in front of one) and resolves once bound; a listen
 * error (EADDRINUSE...) rejects, so a port clash stops the boot loudly instead of exiting 0.
 */
export function listen(handler: RequestListener, port: number, host = '0.0.0.0'): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler);
    server.keepAliveTimeout = 65_000;
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
