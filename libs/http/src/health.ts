import type { IRouter, Request, Response } from 'express';

/**
 * `/health/live` (process up) and `/health/ready` (its dependencies answer); no auth, for probes and the gateway.
 * Routes of `app` itself: a router of their own was entered by every request the app served (docs/adr/0118).
 */
export function mountHealth(app: IRouter, service: string, ready: () => Promise<void>): void {
  app.get('/health/live', (_req: Request, res: Response) => {
    res.json({ service, status: 'ok' });
  });
  app.get('/health/ready', async (req: Request, res: Response) => {
    try {
      await ready();
      res.json({ service, status: 'ok' });
    } catch (err) {
      req.log.warn({ err: (err as Error).message }, 'not ready');
      res.status(503).json({ service, status: 'unavailable' });
    }
  });
}
