import type { AddressInfo } from 'node:net';
import { createServiceApp, finishServiceApp, HttpError } from '@dp/http';
import { closeServer, listen } from '@dp/listen';
import { createLogger } from '@dp/log';
import { ASSERTION_HEADER, requireCaller, requireService, signAssertion, signServiceAssertion, signUserAssertion, type Role } from '../src';

/**
 * requireCaller on a real express app: verified assertions are kept until they expire, and the roles of a
 * caller too large to carry them are fetched once per assertion (a failed fetch is not kept).
 */
const SECRET = 'require-caller-test';
const many: Record<string, Role> = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`org-${i}`, 'edit' as Role]));
let asked: string[] = [];
let failNext = false;

const app = createServiceApp({ log: createLogger('require-caller-test', 'silent') });
app.use(
  requireCaller(SECRET, {
    memberships: async (userId) => {
      asked.push(userId);
      if (failNext) {
        failNext = false;
        throw new HttpError(503, 'identity is down');
      }
      return { memberships: many, teams: ['team-of-many'] };
    },
  }),
);
app.get('/internal/only-gateway', requireService('gateway'), (_req, res) => void res.json({ ok: true }));
app.get('/whoami', (req, res) => void res.json({ userId: req.caller.userId ?? null, organizations: Object.keys(req.caller.memberships).length, role: req.caller.memberships['org-7'] ?? null, teams: req.caller.teams }));
finishServiceApp(app);

let base = '';
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  server = await listen(app, 0, '127.0.0.1');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => closeServer(server));
beforeEach(() => (asked = []));

const get = (path: string, assertion?: string) => fetch(`${base}${path}`, { headers: assertion ? { [ASSERTION_HEADER]: assertion } : {} });

describe('requireCaller', () => {
  test('When the roles travel inline, Then identity is never asked', async () => {
    const res = await get('/whoami', signAssertion({ userId: 'u1', staff: false, memberships: { 'org-7': 'admin' } }, SECRET));
    expect(await res.json()).toEqual({ userId: 'u1', organizations: 1, role: 'admin', teams: [] });
    expect(asked).toEqual([]);
  });

  test('When the teams travel inline with the roles, Then the caller has them and identity is never asked', async () => {
    const res = await get('/whoami', signAssertion({ userId: 'u1', staff: false, memberships: { 'org-7': 'read' }, teams: ['support', 'docs'] }, SECRET));
    expect(await res.json()).toEqual({ userId: 'u1', organizations: 1, role: 'read', teams: ['support', 'docs'] });
    expect(asked).toEqual([]);
  });

  test('When a caller is in too many teams to carry them, Then roles and teams come from identity together', async () => {
    const teams = Array.from({ length: 400 }, (_, i) => `team-${i}`);
    const res = await get('/whoami', signAssertion({ userId: 'u9', staff: false, memberships: { 'org-7': 'read' }, teams }, SECRET));
    expect(await res.json()).toEqual({ userId: 'u9', organizations: 2000, role: 'edit', teams: ['team-of-many'] });
    expect(asked).toEqual(['u9']);
  });

  test('When the assertion does not carry the roles, Then they are fetched once for that assertion, however many requests carry it', async () => {
    const assertion = signAssertion({ userId: 'u2', staff: false, memberships: many }, SECRET);
    const answers = await Promise.all([1, 2, 3].map(() => get('/whoami', assertion).then((r) => r.json())));
    expect(answers).toEqual([1, 2, 3].map(() => ({ userId: 'u2', organizations: 2000, role: 'edit', teams: ['team-of-many'] })));
    expect(await get('/whoami', assertion).then((r) => r.json())).toMatchObject({ organizations: 2000 });
    expect(asked).toEqual(['u2']);
  });

  test('When a worker signs for a stored user twice in the same second, Then each assertion reads the roles afresh', async () => {
    // A check made after the user lost a role (a PDF download, docs/adr/0060) must not get the roles read for an
    // identical assertion signed a moment before.
    const first = signUserAssertion('u5', SECRET);
    const second = signUserAssertion('u5', SECRET);
    expect(second).not.toBe(first);
    await get('/whoami', first);
    await get('/whoami', second);
    expect(asked).toEqual(['u5', 'u5']);
  });

  test('When fetching the roles fails, Then the request fails and the next one asks again', async () => {
    const assertion = signAssertion({ userId: 'u3', staff: false, memberships: many }, SECRET);
    failNext = true;
    expect((await get('/whoami', assertion)).status).toBe(503);
    expect((await get('/whoami', assertion)).status).toBe(200);
    expect(asked).toEqual(['u3', 'u3']);
  });

  test('When the assertion is missing, forged or expired, Then 401', async () => {
    expect((await get('/whoami')).status).toBe(401);
    expect((await get('/whoami', signAssertion({ userId: 'u1', staff: false, memberships: {} }, 'other'))).status).toBe(401);
    expect((await get('/whoami', signAssertion({ userId: 'u1', staff: false, memberships: {} }, SECRET, -1))).status).toBe(401);
  });

  test("When an internal endpoint is for the gateway, Then only the gateway's own assertion passes, not a user's", async () => {
    expect((await get('/internal/only-gateway', signServiceAssertion('gateway', SECRET))).status).toBe(200);
    expect((await get('/internal/only-gateway', signServiceAssertion('content', SECRET))).status).not.toBe(200);
    expect((await get('/internal/only-gateway', signAssertion({ userId: 'u1', staff: true, memberships: {} }, SECRET))).status).not.toBe(200);
  });
});
