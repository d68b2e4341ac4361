import { InProcessBus, startRelay } from '@dp/bus';
import { createDb, migrate, outboxChannel } from '@dp/db';
import { createLogger, requestStop } from '@dp/log';
import { eventually, requireInfrastructure, TEST_DATABASE_URL, uniqueNamespace } from '@dp/testing';

/**
 * Ctrl-C on `npm start` reaches the embedded PostgreSQL too, which ends every connection ("terminating connection
 * due to administrator command") while the stack stops: a stop the process asked for is not a warning (issue 22).
 * pg_terminate_backend ends a connection exactly that way.
 */
const schema = `${uniqueNamespace('quiet')}relay`;
const lines: Array<{ level: number; msg: string; err?: unknown }> = [];
const log = createLogger('relay-stop-quiet', 'debug', { write: (line: string) => void lines.push(JSON.parse(line)) });
const db = createDb({ url: TEST_DATABASE_URL, schema, poolMax: 2, log });
const observer = createDb({ url: TEST_DATABASE_URL, schema, poolMax: 1 });

beforeAll(async () => {
  await requireInfrastructure();
  await migrate(db, schema, []);
});
afterAll(async () => {
  await observer.raw('drop schema if exists ?? cascade', [schema]);
  await observer.destroy();
  await db.destroy();
});

// What PostgreSQL says to the relay's client, and what pg then says to knex about the pool's connections.
const ADMIN_SHUTDOWN = /terminating connection due to administrator command|Connection ended unexpectedly/;
const mentionsShutdown = (line: { msg: string; err?: unknown }) => ADMIN_SHUTDOWN.test(`${line.msg} ${JSON.stringify(line.err ?? '')}`);
const shutdownLines = (level: number) => lines.filter((l) => l.level === level && mentionsShutdown(l));

/** The backends of `db`'s pool: both connections held at once, so each says its pid. */
async function poolPids(): Promise<number[]> {
  const results = await Promise.all([1, 2].map(() => db.raw('select pg_backend_pid() as pid, pg_sleep(0.1)')));
  return results.map((r) => r.rows[0].pid);
}

/** Ends the relay's LISTEN session and the (now idle) connections of `db`'s pool, as a shutting-down server does. */
async function terminateConnections(): Promise<number> {
  const pids = await poolPids();
  const { rows } = await observer.raw('select pg_terminate_backend(pid) from pg_stat_activity where query = ? or pid = any(?)', [
    `listen "${outboxChannel(schema)}"`,
    pids,
  ]);
  return rows.length;
}

const listening = async () => {
  const { rows } = await observer.raw('select count(*)::int as n from pg_stat_activity where query = ?', [`listen "${outboxChannel(schema)}"`]);
  return rows[0].n === 1;
};

test('When PostgreSQL ends the relay\'s LISTEN connection and pooled ones, Then that is a warning while running, and debug once the process asked to stop', async () => {
  const relay = startRelay({ db, databaseUrl: TEST_DATABASE_URL, schema, bus: new InProcessBus(log), log, pollIntervalMs: 200 });
  try {
    await eventually(listening, 15_000, 50);
    // Running: an ended connection is worth a warning (the relay falls back to polling and reconnects).
    expect(await terminateConnections()).toBe(3);
    await eventually(() => shutdownLines(40).length >= 1, 10_000, 50);
    expect(shutdownLines(40).find((l) => l.msg === 'outbox LISTEN connection error')).toBeDefined();
    // knex's own warning about its pool's connection, as a line of the service (not bare console text).
    await eventually(() => shutdownLines(40).some((l) => l.msg.startsWith('Connection Error')), 10_000, 50);

    // The relay listens again; then the process is asked to stop and the server ends everything once more.
    await eventually(listening, 15_000, 50);
    const warningsBefore = shutdownLines(40).length;
    requestStop();
    expect(await terminateConnections()).toBe(3);
    await eventually(() => shutdownLines(20).some((l) => l.msg === 'outbox LISTEN connection error'), 10_000, 50);
    await eventually(() => shutdownLines(20).filter((l) => l.msg.startsWith('Connection Error')).length >= 2, 10_000, 50);
    expect(shutdownLines(40).length).toBe(warningsBefore);
    expect(lines.filter((l) => l.level >= 40 && mentionsShutdown(l))).toHaveLength(warningsBefore);
  } finally {
    await relay.stop();
  }
}, 60_000);
