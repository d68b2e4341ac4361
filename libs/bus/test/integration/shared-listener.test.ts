import knex from 'knex';
import { listenForNotifications } from '@dp/bus';
import { createLogger } from '@dp/log';
import { eventually, requireInfrastructure, TEST_DATABASE_URL, uniqueNamespace } from '@dp/testing';

/** The relays of every context a process hosts wake through one LISTEN connection, not one each. */
const ns = uniqueNamespace('listen');
const log = createLogger('shared-listener', 'silent');
const db = knex({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });

beforeAll(() => requireInfrastructure());
afterAll(() => db.destroy());

/** Server sessions whose last statement was a LISTEN on one of this file's channels. */
const listeningSessions = async () => {
  const { rows } = await db.raw(`select count(*)::int as n from pg_stat_activity where query like ?`, [`listen "${ns}%`]);
  return rows[0].n as number;
};

test('When three subscribers listen on two channels, Then one connection carries them, each hears its own channel, and the last close ends it', async () => {
  const heard = { a1: 0, a2: 0, b: 0 };
  const a1 = listenForNotifications(TEST_DATABASE_URL, `${ns}a`, () => heard.a1++, log);
  const a2 = listenForNotifications(TEST_DATABASE_URL, `${ns}a`, () => heard.a2++, log);
  const b = listenForNotifications(TEST_DATABASE_URL, `${ns}b`, () => heard.b++, log);
  try {
    await eventually(async () => {
      await db.raw('select pg_notify(?, ?), pg_notify(?, ?)', [`${ns}a`, '', `${ns}b`, '']);
      return heard.a1 > 0 && heard.a2 > 0 && heard.b > 0;
    }, 15_000, 100);
    expect(await listeningSessions()).toBe(1);

    await a1.close();
    await b.close();
    const before = { ...heard };
    await db.raw('select pg_notify(?, ?), pg_notify(?, ?)', [`${ns}a`, '', `${ns}b`, '']);
    await eventually(async () => heard.a2 > before.a2, 15_000, 20);
    // Closed subscribers hear nothing more: a1's callback and b's channel (unlistened) stay silent.
    expect(heard.a1).toBe(before.a1);
    expect(heard.b).toBe(before.b);
  } finally {
    await a1.close();
    await a2.close();
    await b.close();
  }
  await eventually(async () => (await listeningSessions()) === 0, 15_000, 50);
});
