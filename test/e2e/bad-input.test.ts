import { serviceFor } from '@dp/gateway';
import { assertValid, compileRequestSchemas } from '@dp/http';
import { fillPath, listRoutes, type RouteInfo } from '@dp/testing';
import { bootStack, type TestStack } from '../support/stack';

/**
 * Generated from the services' routes and their request schemas, so an endpoint added later is covered
 * without anyone writing a case: every route gets malformed escapes, invalid UTF-8 and NUL in each path
 * parameter, NUL / a wrong type / an unknown enum value in each query parameter and body field, a JSON
 * array instead of an object body, and a 100 KB string in each body string field. Invalid input is a 4xx
 * `{error:{code,message}}` naming what is wrong; nothing, valid or not, is ever a 5xx.
 */

type Schema = { [k: string]: unknown };
type Case = { route: string; what: string; method: string; path: string; body?: unknown; expect4xx: boolean; names?: string };

const HUGE = 'x'.repeat(100 * 1024);
// Node's HTTP server refuses request heads over 16 KB (431): a query value stays well under it.
const LONG_QUERY = 'x'.repeat(8 * 1024);
const UNKNOWN = 'not-a-documented-value';

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const accepts = (schema: unknown, value: unknown) => {
  try {
    assertValid(schema as object, structuredClone(value));
    return true;
  } catch {
    return false;
  }
};
const branches = (s: Schema): Schema[] => [...((s.anyOf ?? s.oneOf ?? []) as Schema[])].filter(isObject);

/** A value the schema accepts (the first candidate that passes), to build valid bodies around one bad field. */
function sample(s: Schema): unknown {
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if ('default' in s && accepts(s, s.default)) return s.default;
  for (const branch of branches(s)) {
    const value = sample(branch);
    if (accepts(branch, value)) return value;
  }
  switch (s.type ?? (isObject(s.properties) ? 'object' : undefined)) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(((s.required ?? []) as string[]).map((k) => [k, props[k] ? sample(props[k]) : 'x']));
    }
    case 'array':
      return Array.from({ length: Number(s.minItems ?? 0) }, () => (isObject(s.items) ? sample(s.items) : 'x'));
    case 'integer':
    case 'number':
      return Number(s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      return ['sample', 'Sample title', 'example.com', 'https://example.com/', 'someone@example.com', '1f389', 'abc', '2026-01-01T00:00:00Z'].find((c) => accepts(s, c)) ?? 'sample';
    default:
      return null;
  }
}

/**
 * The fields of an object schema, as paths, through nested objects (and objects inside anyOf/oneOf);
 * `parents[i]` is the object schema (or the variant of it) that holds `path[i]`.
 */
type Field = { path: string[]; schema: Schema; parents: Schema[] };
function fields(s: Schema, prefix: string[] = [], parents: Schema[] = []): Field[] {
  const out: Field[] = [];
  for (const variant of [s, ...branches(s)]) {
    for (const [name, child] of Object.entries((variant.properties ?? {}) as Record<string, Schema>)) {
      const field = { path: [...prefix, name], schema: child, parents: [...parents, variant] };
      out.push(field);
      if (child.type === 'object') out.push(...fields(child, field.path, field.parents));
    }
  }
  return out;
}

const types = (s: Schema): string[] => [s.type, ...branches(s).map((b) => b.type)].flat().filter((t): t is string => typeof t === 'string');
const isEnum = (s: Schema) => Array.isArray(s.enum) || 'const' in s || branches(s).some((b) => Array.isArray(b.enum) || 'const' in b);

/** The base body with one field set; a nested field's object is a valid sample of the variant that holds it. */
function withField(base: unknown, field: Field, value: unknown): unknown {
  const body = structuredClone(isObject(base) ? base : {}) as Schema;
  let at = body;
  field.path.slice(0, -1).forEach((key, i) => {
    const nested = sample(field.parents[i + 1]);
    at[key] = isObject(nested) ? nested : {};
    at = at[key] as Schema;
  });
  at[field.path[field.path.length - 1]] = value;
  return body;
}

function casesOf(route: RouteInfo, ids: Record<string, string>): Case[] {
  const label = `${route.method} ${route.path}`;
  const cases: Case[] = [];
  const path = fillPath(route.path, ids);
  const body = isObject(route.schemas.body) ? route.schemas.body : undefined;
  const baseBody = body ? sample(body) : undefined;
  const send = (what: string, p: string, opts: Partial<Case> = {}) =>
    cases.push({ route: label, what, method: route.method, path: p, body: baseBody, expect4xx: true, ...opts });

  for (const name of route.params) {
    for (const [what, bad] of [
      ['malformed escape', '%zz'],
      ['invalid UTF-8', '%ED%A0%80'],
      ['truncated UTF-8', 'ab%E2%82'],
      ['NUL', 'a%00b'],
    ]) {
      send(`${what} in path parameter ${name}`, fillPath(route.path, { ...ids, [name]: bad }), { names: `params.${name}` });
    }
  }

  const querySchema = isObject(route.schemas.query) ? route.schemas.query : undefined;
  const query = (querySchema?.properties ?? {}) as Record<string, Schema>;
  // Required query parameters (e.g. search's `query`) get a valid value, so the bad one is the one reported.
  const required = (querySchema?.required ?? []) as string[];
  for (const [name, schema] of Object.entries(query)) {
    const others = required.filter((r) => r !== name).map((r) => `${encodeURIComponent(r)}=${encodeURIComponent(String(sample(query[r] ?? {})))}&`);
    const q = (value: string) => `${path}?${others.join('')}${encodeURIComponent(name)}=${value}`;
    send(`NUL in query ${name}`, q('a%00b'), { names: `query.${name}` });
    if (isEnum(schema)) send(`unknown value of query ${name}`, q(UNKNOWN), { names: `query.${name}` });
    const t = types(schema);
    if (t.some((x) => ['integer', 'number', 'boolean'].includes(x)) && !t.includes('string')) {
      send(`wrong type in query ${name}`, q('not-a-number-or-boolean'), { names: `query.${name}` });
    }
    if (t.includes('string') && !accepts(schema, ['a', 'b'])) {
      send(`repeated query ${name}`, `${q('a')}&${encodeURIComponent(name)}=b`, { names: `query.${name}` });
    }
    if (t.includes('string') && !isEnum(schema)) send(`8 KB query ${name}`, q(LONG_QUERY), { expect4xx: false });
  }

  if (body && types(body).includes('object')) {
    send('a JSON array instead of an object', path, { body: [] });
    // Names are checked only when the rest of the body is valid, so the bad field is the one reported.
    const baseValid = accepts(body, baseBody);
    for (const field of fields(body)) {
      const at = `body.${field.path.join('.')}`;
      const names = baseValid ? at : undefined;
      const t = types(field.schema);
      if (t.includes('string')) {
        send(`NUL in ${at}`, path, { body: withField(baseBody, field, 'a\u0000b'), names });
        send(`100 KB string in ${at}`, path, { body: withField(baseBody, field, HUGE), expect4xx: false });
      }
      const wrong = t.includes('string') ? 12345 : { not: 'this type' };
      if (!accepts(field.schema, wrong)) send(`wrong type in ${at}`, path, { body: withField(baseBody, field, wrong), names });
      if (isEnum(field.schema) && !accepts(field.schema, UNKNOWN)) send(`unknown value of ${at}`, path, { body: withField(baseBody, field, UNKNOWN), names });
    }
  }
  return cases;
}

/**
 * Plain HTTP, not stack.call: this test is about status codes and the error shape, and a contract mismatch
 * of some 2xx answer (checked by the e2e client, and by each endpoint's own tests) must not stop the probe.
 */
async function send(method: string, path: string, body?: unknown, bearer = token): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${bearer}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${stack.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  try {
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  } catch {
    return { status: res.status, body: text };
  }
}

async function runBounded<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

let stack: TestStack;
let token: string;
const ids: Record<string, string> = {};
let routes: Array<RouteInfo & { context: string }>;

beforeAll(async () => {
  stack = await bootStack('badin', { withWorkers: false });
  const created = await send('POST', '/v1/admin/users', { email: `prober.${Date.now()}@example.com`, displayName: 'Prober' }, stack.adminToken);
  expect(created.status).toBe(201);
  const user = isObject(created.body) && isObject(created.body.user) ? { id: idOf(created.body.user), token: String(created.body.token) } : { id: '', token: '' };
  token = user.token;
  const org = await send('POST', '/v1/orgs', { title: 'Probed org' });
  const orgId = idOf(org.body);
  const space = await send('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Probed' });
  const spaceId = idOf(space.body);
  const cr = await send('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Probe' });
  const site = await send('POST', `/v1/orgs/${orgId}/sites`, { title: 'Probed site' });
  expect([org.status, space.status, cr.status, site.status]).toEqual([201, 201, 201, 201]);
  // Real ids where one exists, so a request that passes validation reaches its command; others are unknown ids.
  Object.assign(ids, { organizationId: orgId, userId: user.id, spaceId, changeRequestId: idOf(cr.body), siteId: idOf(site.body) });
  routes = Object.entries(stack.apis).flatMap(([context, api]) => listRoutes(api.app).map((r) => ({ ...r, context })));
}, 120_000);
afterAll(() => stack?.stop());

const idOf = (body: unknown) => (isObject(body) && typeof body.id === 'string' ? body.id : 'missing');
// A spec slug is lowercase words (its own pattern), so a bad value in another parameter is the one reported.
const idFor = (name: string) => ids[name] ?? (name === 'emailDomain' ? 'example.com' : name === 'index' || name === 'projectId' ? '0' : name === 'specSlug' ? 'unknown-spec' : `unknown-${name}`);

test('Every route of every service has request schemas that compile in strict mode (they compile on first use)', () => {
  const broken = routes.flatMap((r) => {
    try {
      compileRequestSchemas(r.schemas);
      return [];
    } catch (err) {
      return [`${r.context}: ${r.method} ${r.path}: ${(err as Error).message}`];
    }
  });
  expect(routes.length).toBeGreaterThan(150);
  expect(broken).toEqual([]);
});

test('Every public route of every service is routed to that service by the gateway', () => {
  const publicRoutes = routes.filter((r) => r.path.startsWith('/v1/'));
  expect(publicRoutes.length).toBeGreaterThan(100);
  const misrouted = publicRoutes.filter((r) => serviceFor(fillPath(r.path, Object.fromEntries(r.params.map((p) => [p, idFor(p)])))) !== r.context);
  expect(misrouted.map((r) => `${r.context}: ${r.method} ${r.path}`)).toEqual([]);
});

test('When any route gets bad input, Then it answers a 4xx JSON error naming the input, and no input ever gets a 5xx', async () => {
  const cases = routes
    .filter((r) => r.path.startsWith('/v1/') && r.path !== '/v1/admin/users')
    .flatMap((r) => casesOf(r, Object.fromEntries(r.params.map((p) => [p, idFor(p)]))));
  // Requests that may pass validation (long strings) run last: whatever they change cannot hide another case.
  cases.sort((a, b) => Number(a.expect4xx === false) - Number(b.expect4xx === false));
  expect(cases.length).toBeGreaterThan(500);

  const failures: string[] = [];
  const check = (c: Case, res: { status: number; body: unknown }) => {
    const error = isObject(res.body) && isObject(res.body.error) ? res.body.error : undefined;
    const json = error !== undefined && error.code === res.status && typeof error.message === 'string';
    if (res.status >= 500) failures.push(`${c.route}: ${c.what} -> ${res.status} ${JSON.stringify(res.body)}`);
    else if (c.expect4xx && (res.status < 400 || !json)) failures.push(`${c.route}: ${c.what} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    else if (res.status >= 400 && !json) failures.push(`${c.route}: ${c.what} -> ${res.status} without a JSON error`);
    else if (c.expect4xx && c.names && res.status === 400 && !String(error?.message).includes(c.names)) {
      failures.push(`${c.route}: ${c.what} -> 400 "${String(error?.message)}" does not name ${c.names}`);
    }
  };
  await runBounded(cases, 8, async (c) => {
    check(c, await send(c.method, c.path, c.body));
  });
  expect(failures).toEqual([]);
}, 120_000);
