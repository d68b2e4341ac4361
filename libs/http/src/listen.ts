import type { Server } from 'node:http';
import type { Express } from 'express';

/**
 * Listens and resolves once bound. Express 5 hands listen errors (EADDRINUSE...) to the callback instead of
 * throwing: we reject on them, so a port clash stops the boot loudly instead of exiting 0.
 */
export function listen(app: Express, port: number, host = '0.0.0.0'): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (err?: Error) => {
      if (err) reject(err);
      else resolve(server);
    });
    server.keepAliveTimeout = 65_000;
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
