import { ConfigError } from '@dp/config';
import { requestStop } from '@dp/log';

/**
 * Entry point of a process: starts it, stops it cleanly on SIGTERM/SIGINT, and exits 1 with a clear message
 * when it cannot start (bad config, port taken, database unreachable).
 */
export function runMain(start: () => Promise<{ stop(): Promise<void> }>): void {
  start()
    .then((running) => {
      const shutdown = (signal: string) => {
        // First: the connections the database ends from now on are expected (@dp/log).
        requestStop();
        console.error(`${signal} received, shutting down`);
        running.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGTERM', () => shutdown('SIGTERM'));
      process.once('SIGINT', () => shutdown('SIGINT'));
    })
    .catch((err) => {
      console.error(err instanceof ConfigError ? err.message : err);
      process.exit(1);
    });
}
