import { randomUUID } from 'node:crypto';
import { migrate } from '@dp/db';
import { schemaForFile } from '@dp/testing';
import { deliveries } from '../src/check';

/**
 * The chaos run's checker (docs/adr/0116) on real outbox and inbox tables: it must see an event a consumer never
 * handled, one no outbox committed, and one left unpublished; and nothing when every delivery is there.
 */
const producer = schemaForFile('chaosck', 'producer');
const consumer = schemaForFile('chaosck', 'consumer');
const schemas = { producer: producer.schema, consumer: consumer.schema };
const subscriptions = new Map([
  ['producer', [] as string[]],
  ['consumer', ['thing.made']],
]);

beforeAll(async () => {
  await migrate(producer.db, producer.schema, []);
  await migrate(consumer.db, consumer.schema, []);
});

test('When a consumer lacks an event, holds one nobody committed, or an event is unpublished, Then the checker says each; when all is handled, nothing', async () => {
  const made = randomUUID();
  const ignored = randomUUID();
  await producer.db('outbox').insert([
    { id: made, type: 'thing.made', event: { id: made }, published_at: new Date() },
    { id: ignored, type: 'thing.ignored', event: { id: ignored } },
  ]);
  const db = producer.db;
  let report = await deliveries({ db, schemas, subscriptions });
  expect(report).toMatchObject({ committed: 2, due: 1, handled: 0, unpublished: 1, lost: [{ event: made, type: 'thing.made', consumer: 'consumer' }], unexpected: [] });

  await consumer.db('inbox').insert({ event_id: made, consumer: 'consumer', type: 'thing.made' });
  await producer.db('outbox').where({ id: ignored }).update({ published_at: new Date() });
  report = await deliveries({ db, schemas, subscriptions });
  expect(report).toEqual({ committed: 2, due: 1, handled: 1, unpublished: 0, lost: [], unexpected: [] });

  const stranger = randomUUID();
  await consumer.db('inbox').insert({ event_id: stranger, consumer: 'consumer', type: 'thing.made' });
  report = await deliveries({ db, schemas, subscriptions });
  expect(report).toMatchObject({ handled: 2, unexpected: [{ event: stranger, consumer: 'consumer' }] });
});
