import { Router } from 'express';
import { defineHandler } from '@dp/bus';
import { checkedEvent, IdentityEvents } from '@dp/events';
import { buildServiceApp, serviceConfig, type ServiceDefinition } from '@dp/runtime';
import { componentOf } from '../src';

/**
 * The component helper itself, on a probe service made for it: each thing it gives can fail. The probe answers
 * GET /v1/user with a body the official User schema refuses, writes an event on POST, and handles
 * identity.user.created by storing a note and emitting an event of its own.
 */
const probeConfig = serviceConfig('probe', 0, {});
const probe: ServiceDefinition<typeof probeConfig> = {
  context: 'probe',
  config: probeConfig,
  migrations: [{ name: '20270101000000_create_notes', up: (db) => db.schema.createTable('notes', (t) => t.text('id').primary()) }],
  createApp: (deps) =>
    buildServiceApp('probe', deps, (ctx) => {
      const router = Router();
      router.get('/v1/user', (_req, res) => void res.json({ object: 'user', id: 'u1' }));
      router.post('/v1/probe/revoke/:tokenId', async (req, res) => {
        await ctx.db.transaction((trx) => ctx.emit(trx, IdentityEvents.TOKEN_REVOKED, { tokenId: req.params.tokenId, userId: req.caller.userId ?? 'none', revokedBy: null }, req.params.tokenId));
        res.status(204).end();
      });
      return [router];
    }),
  handlers: () => [
    defineHandler(IdentityEvents.USER_CREATED, async (event, trx, _log, emit) => {
      await trx('notes').insert({ id: event.data.userId });
      await emit(trx, IdentityEvents.TOKEN_REVOKED, { tokenId: `of-${event.data.userId}`, userId: event.data.userId, revokedBy: null });
    }),
  ],
};

const api = componentOf('probe', probe);

test('When an answer breaks the official schema of its operation, Then the call fails naming the violation', async () => {
  await expect(api.call('GET', '/v1/user', { as: { user: 'u1', roles: {} } })).rejects.toThrow(/breaks its contract/);
});

test('When a call has no caller, Then the service answers 401; with one, Then the request runs as that caller and its event is in the outbox', async () => {
  expect((await api.call('POST', '/v1/probe/revoke/t1')).status).toBe(401);
  expect((await api.call('POST', '/v1/probe/revoke/t1', { as: { user: 'ada', roles: {} } })).status).toBe(204);
  const events = await api.outbox(IdentityEvents.TOKEN_REVOKED);
  expect(events.map((e) => e.data)).toEqual([{ tokenId: 't1', userId: 'ada', revokedBy: null }]);
});

test('When an envelope is handled twice, Then the handler ran once on the real database and its event is in the outbox once', async () => {
  const envelope = checkedEvent(IdentityEvents.USER_CREATED, { userId: 'bob', email: 'bob@example.com', displayName: 'Bob' }, { source: '/identity' });
  await api.handle(envelope);
  await api.handle(envelope);
  expect(await api.db('notes').select('id')).toEqual([{ id: 'bob' }]);
  expect((await api.outbox(IdentityEvents.TOKEN_REVOKED)).map((e) => e.data).filter((d) => (d as { userId: string }).userId === 'bob')).toEqual([{ tokenId: 'of-bob', userId: 'bob', revokedBy: null }]);
  await expect(api.handle(checkedEvent(IdentityEvents.TOKEN_REVOKED, { tokenId: 'x', userId: 'y', revokedBy: null }, { source: '/identity' }))).rejects.toThrow(/no handler/);
});
