import amqp from 'amqplib';
import type { Knex } from 'knex';
import { effectsChecked, effectsDisagreements, integrationEventsPending, type EffectsChecked } from './effects';

/**
 * What the chaos run proves from the databases once the stack has settled (docs/adr/0116):
 * - every event a context committed to its outbox was published (none left unpublished);
 * - every context that consumes its type handled it exactly once: its inbox holds the event's id (the inbox row
 *   is written in the handler's transaction, its key `(event_id, consumer)`, so a second handling could not
 *   commit) — lost when it does not;
 * - no inbox holds an event no outbox committed (unexpected), and no dead-letter queue holds anything;
 * - the effects the contexts keep of each other agree (./effects.ts): sites show no deleted space and copy the
 *   live ones as content has them, translations of deleted spaces are stopped, search finds every live space's
 *   current pages and nothing else, and each integration event was delivered at most once, as its attempt log says.
 */
export interface CheckReport {
  committed: number;
  /** Deliveries due: each committed event once per context that consumes its type. */
  due: number;
  handled: number;
  lost: Array<{ event: string; type: string; consumer: string }>;
  unexpected: Array<{ event: string; consumer: string }>;
  unpublished: number;
  deadLettered: Record<string, number>;
  disagreements: string[];
  /** What the agreement checks read (./effects.ts). */
  effects: EffectsChecked;
}

export const failed = (report: CheckReport) =>
  report.handled !== report.due ||
  report.lost.length > 0 ||
  report.unexpected.length > 0 ||
  report.unpublished > 0 ||
  Object.values(report.deadLettered).some((n) => n > 0) ||
  report.disagreements.length > 0;

export interface Deployment {
  db: Knex;
  amqpUrl: string;
  schemas: Record<string, string>;
  /** The event types each context's worker consumes. */
  subscriptions: Map<string, string[]>;
}

/** Rows of every context's outbox, all of them or the unpublished ones only. */
export async function outboxRows(d: Pick<Deployment, 'db' | 'schemas'>, unpublishedOnly = false): Promise<number> {
  let n = 0;
  for (const schema of Object.values(d.schemas)) {
    const rows = d.db.withSchema(schema).table('outbox');
    if (unpublishedOnly) rows.whereNull('published_at');
    n += Number((await rows.count({ n: '*' }))[0].n);
  }
  return n;
}

/** The events of `producer`'s outbox of `types` that `consumer`'s inbox lacks (`select` chooses the columns). */
const undelivered = (select: string, producer: string, inbox: string, limit = '') =>
  `select ${select} from ${producer}.outbox o where o.type = any(?) and not exists (select 1 from ${inbox} i where i.event_id = o.id::text and i.consumer = ?) ${limit}`;

/** Deliveries still missing (unpublished rows, due inbox rows absent, integration events in progress): what the settle loop waits on. */
export async function pending(d: Deployment): Promise<number> {
  let missing = (await outboxRows(d, true)) + (await integrationEventsPending(d.db, d.schemas));
  for (const [consumer, types] of d.subscriptions) {
    if (!types.length) continue;
    for (const producer of Object.values(d.schemas)) missing += (await d.db.raw(undelivered('count(*)::int as n', producer, `${d.schemas[consumer]}.inbox`), [types, consumer])).rows[0].n;
  }
  return missing;
}

export async function check(d: Deployment): Promise<CheckReport> {
  return {
    ...(await deliveries(d)),
    deadLettered: await deadLetters(d.amqpUrl, [...d.subscriptions.keys()]),
    disagreements: await effectsDisagreements(d.db, d.schemas),
    effects: await effectsChecked(d.db, d.schemas),
  };
}

/** What the outboxes committed against what the inboxes handled (the first four points above). */
export async function deliveries(d: Pick<Deployment, 'db' | 'schemas' | 'subscriptions'>): Promise<Omit<CheckReport, 'deadLettered' | 'disagreements' | 'effects'>> {
  const report = { committed: 0, due: 0, handled: 0, lost: [] as CheckReport['lost'], unexpected: [] as CheckReport['unexpected'], unpublished: 0 };
  const all = Object.values(d.schemas);
  report.committed = await outboxRows(d);
  report.unpublished = await outboxRows(d, true);
  const committedIds = all.map((s) => `select id::text as id from ${s}.outbox`).join(' union all ');
  for (const [consumer, types] of d.subscriptions) {
    const inbox = `${d.schemas[consumer]}.inbox`;
    if (types.length) {
      for (const producer of all) {
        const due = await d.db.raw(`select count(*)::int as n from ${producer}.outbox where type = any(?)`, [types]);
        report.due += due.rows[0].n;
        const lost = await d.db.raw(undelivered('o.id::text as event, o.type', producer, inbox, 'limit 50'), [types, consumer]);
        for (const row of lost.rows) report.lost.push({ event: row.event, type: row.type, consumer });
      }
    }
    report.handled += Number((await d.db.raw(`select count(*)::int as n from ${inbox} where consumer = ?`, [consumer])).rows[0].n);
    const unexpected = await d.db.raw(`select event_id from ${inbox} i where i.consumer = ? and not exists (select 1 from (${committedIds}) c where c.id = i.event_id) limit 50`, [consumer]);
    for (const row of unexpected.rows) report.unexpected.push({ event: row.event_id, consumer });
  }
  return report;
}

async function deadLetters(amqpUrl: string, contexts: string[]): Promise<Record<string, number>> {
  const connection = await amqp.connect(amqpUrl);
  try {
    const out: Record<string, number> = {};
    for (const context of contexts) {
      const channel = await connection.createChannel();
      // A queue the broker does not have closes the channel: nothing was ever parked there.
      out[context] = await channel.checkQueue(`${context}.dlq`).then(
        (q) => q.messageCount,
        () => 0,
      );
      await channel.close().catch(() => undefined);
    }
    return out;
  } finally {
    await connection.close().catch(() => undefined);
  }
}
