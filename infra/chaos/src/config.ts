import { defineConfig, type ConfigOf } from '@dp/config';

/**
 * Variables only `npm run chaos` reads (docs/operations.md, "The chaos run"): how long it drives load, how many
 * events it waits for at least, and how many faults of each kind it injects meanwhile. It always runs on a
 * PostgreSQL cluster and a RabbitMQ node of its own, on free local ports, and removes them when it ends.
 */
export const chaosConfig = defineConfig({
  CHAOS_DURATION_S: { kind: 'int', doc: 'Seconds `npm run chaos` drives load while it injects faults (then it waits for the stack to settle and checks)', default: '120' },
  CHAOS_MIN_EVENTS: { kind: 'int', doc: 'Events the chaos run must have committed across the contexts before it stops its load (past CHAOS_DURATION_S it stops anyway, and fails)', default: '10000' },
  CHAOS_BROKER_KILLS: { kind: 'int', doc: 'SIGKILLs of the chaos run\'s RabbitMQ node during the load (each booted again on its data)', default: '3' },
  CHAOS_POSTGRES_RESTARTS: { kind: 'int', doc: "Restarts of the chaos run's PostgreSQL cluster during the load", default: '1' },
  CHAOS_PROCESS_KILLS: { kind: 'int', doc: 'SIGKILLs of a random api or worker process during the load (each started again)', default: '20' },
  CHAOS_SETTLE_S: { kind: 'int', doc: 'Seconds the chaos run waits, after the load, for every outbox to be published and every event handled before it counts what is missing', default: '120' },
});
export type ChaosConfig = ConfigOf<typeof chaosConfig>;
