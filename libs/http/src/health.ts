import { Router } from 'express';

/** `/health/live` (process up) and `/health/ready` (its dependencies answer); no auth, for probes and the gateway. */
export function healthRouter(service: string, ready: () => Promise<void>): Router {
  const router = Router();
  router.get('/health/live', (_req, res) => {
    res.json({ service, status: 'ok' });
  });
  router.get('/health/ready', async (req, res) => {
    try {
      await ready();
      res.json({ service, status: 'ok' });
    } catch (err) {
      req.log.warn({ err: (err as Error).message }, 'not ready');
      res.status(503).json({ service, status: 'unavailable' });
    }
  });
  return router;
}
