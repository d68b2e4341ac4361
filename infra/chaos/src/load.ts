/**
 * The chaos run's load: a few organizations, each driven by its own loop of writes across the six contexts through
 * the gateway, as real clients make them. Every write may fail while a fault lasts (a 5xx, a refused connection, a
 * timeout): that is counted, never retried, and whatever the write did or did not commit is the checker's to judge
 * from the databases, not the load's.
 */
export interface LoadCounts {
  requests: number;
  ok: number;
  failed: number;
  byContext: Record<string, number>;
}

interface Client {
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
}

const client = (baseUrl: string, token: string): Client => ({
  async call(method, path, body) {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // Not JSON (a proxy's error page): the status says enough.
    }
    return { status: res.status, body: parsed };
  },
});

/** An owner of an organization, made through identity's admin API. */
export async function newOwner(baseUrl: string, adminToken: string, n: number): Promise<{ token: string; orgId: string }> {
  const admin = client(baseUrl, adminToken);
  const made = await admin.call('POST', '/v1/admin/users', { email: `chaos-${n}-${Date.now()}@example.com`, displayName: `Chaos ${n}` });
  if (made.status !== 201) throw new Error(`creating a user: HTTP ${made.status} ${JSON.stringify(made.body)}`);
  const token = String(made.body.token);
  const org = await client(baseUrl, token).call('POST', '/v1/orgs', { title: `Chaos org ${n}` });
  if (org.status !== 201) throw new Error(`creating an organization: HTTP ${org.status} ${JSON.stringify(org.body)}`);
  return { token, orgId: String(org.body.id) };
}

/** A module worker that answers every call: each delivery to it succeeds unless a fault cuts it. */
const INTEGRATION_SCRIPT = 'export default { async fetch() { return new Response("ok"); } }';

const SPEC = 'openapi: 3.1.0\ninfo: {title: Chaos, version: "1"}\npaths:\n  /things:\n    get:\n      responses:\n        "200": {description: ok}\n';

/**
 * One organization's loop until `until()` says stop: each round touches every context (identity, content, sites,
 * openapi, integrations, translations) with a handful of writes that emit events other contexts consume.
 */
export async function driveOrganization(baseUrl: string, owner: { token: string; orgId: string }, loop: number, until: () => boolean, counts: LoadCounts): Promise<void> {
  const api = client(baseUrl, owner.token);
  const org = owner.orgId;
  const attempt = async (context: string, method: string, path: string, body?: unknown) => {
    counts.requests++;
    counts.byContext[context] = (counts.byContext[context] ?? 0) + 1;
    try {
      const res = await api.call(method, path, body);
      if (res.status < 400) counts.ok++;
      else counts.failed++;
      return res.status < 400 ? res.body : undefined;
    } catch {
      counts.failed++;
      return undefined;
    }
  };
  let installed = false;
  for (let round = 0; !until(); round++) {
    const tag = `${loop}-${round}`;
    await attempt('identity', 'PATCH', `/v1/orgs/${org}`, { title: `Chaos org ${tag}` });
    const team = await attempt('identity', 'PUT', `/v1/orgs/${org}/teams`, { title: `Team ${tag}` });
    const space = await attempt('content', 'POST', `/v1/orgs/${org}/spaces`, { title: `Space ${tag}` });
    const spaceId = space && String(space.id);
    if (spaceId) {
      await attempt('content', 'PATCH', `/v1/spaces/${spaceId}`, { title: `Space ${tag} renamed` });
      const cr = await attempt('content', 'POST', `/v1/spaces/${spaceId}/change-requests`, { subject: `Edit ${tag}` });
      if (cr) {
        await attempt('content', 'POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/content`, { changes: [{ operation: 'insert_page', title: `Page ${tag}`, document: { markdown: `Written in round ${tag}.` } }] });
        await attempt('content', 'POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/comments`, { body: { markdown: `Looks good (${tag})` } });
        await attempt('content', 'POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`);
      }
      const site = await attempt('sites', 'POST', `/v1/orgs/${org}/sites`, { title: `Site ${tag}`, spaces: [spaceId] });
      if (site) {
        await attempt('sites', 'POST', `/v1/orgs/${org}/sites/${site.id}/publish`);
        if (round % 3 === 0) await attempt('sites', 'DELETE', `/v1/orgs/${org}/sites/${site.id}`);
      }
      // Translations: one deleted at once (every fourth round), one left to its space (the next round's, whose
      // space is then deleted, so translations must stop it).
      const translation = round % 4 < 2 ? await attempt('translations', 'POST', `/v1/orgs/${org}/translations`, { language: 'fr', source: { space: spaceId, language: 'en' } }) : undefined;
      if (translation && round % 4 === 0) await attempt('translations', 'DELETE', `/v1/orgs/${org}/translations/${translation.id}`);
      // A space of a site deleted: sites removes its site spaces, translations stops its translations.
      if (round % 2 === 1) await attempt('content', 'DELETE', `/v1/spaces/${spaceId}`);
    }
    if (round % 5 === 0) await attempt('openapi', 'POST', `/v1/orgs/${org}/openapi`, { slug: `spec-${tag}`, source: { text: SPEC } });
    // One integration installed on the organization (tried again every tenth round until it is): every event
    // integrations records for it afterwards is delivered to its script, and the checker reads the attempt logs.
    if (!installed && round % 10 === 0) {
      const name = `chaos-${tag}-${Date.now().toString(36)}`;
      const published = await attempt('integrations', 'POST', `/v1/integrations/${name}`, { organization: org, title: 'Chaos', description: 'Counts', script: INTEGRATION_SCRIPT, scopes: ['site:views:read'] });
      if (published) installed = !!(await attempt('integrations', 'POST', `/v1/integrations/${name}/installations`, { organization: org }));
    }
    if (team) await attempt('identity', 'DELETE', `/v1/orgs/${org}/teams/${team.id}`);
  }
}
