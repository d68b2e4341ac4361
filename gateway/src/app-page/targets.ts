/**
 * What an `urls.app` path names, read from the path alone (docs/adr/0064): the kind of object, its ids, and
 * where the API serves it. Nothing is looked up, so the page built from it tells a visitor nothing the URL
 * did not. Pure. The paths are the ones the presenters build with `links.app(...)`.
 */
export interface AppTarget {
  /** What the object is, in words ("space", "change request"...). */
  kind: string;
  /** Its identifying parts as they appear in the path, in order ([["space", "abc"], ["page path", "guide/setup"]]). */
  ids: Array<[label: string, value: string]>;
  /** Its API path under the gateway's base (`/v1/...`), already URL-encoded. */
  api: string;
  /** Where it is published, under the gateway's base, when its kind has an address derived from the ids alone. */
  published?: { path: string; note: string };
}

// Ids are newId()'s 20 alphanumerics (older ones and tests may differ in length); slugs, names and numbers are
// as their schemas allow. Anything else is not a path the platform builds: 404.
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const NAME = /^[A-Za-z0-9._~-]{1,128}$/;
const enc = encodeURIComponent;
/** Longer than any path the presenters build (a page path is at most a few hundred characters). */
const MAX_PATH = 2048;

/** The target of `path` (the part after APP_URL's path, e.g. `/s/<spaceId>/guide`), or undefined when it names nothing. */
export function appTarget(path: string): AppTarget | undefined {
  if (path.length > MAX_PATH) return undefined;
  let parts: string[];
  try {
    parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined; // a malformed %-escape
  }
  const [head, ...rest] = parts;
  if (head === 'o') return organizationTarget(rest);
  if (head === 'c' && rest.length === 1 && ID.test(rest[0])) return { kind: 'collection', ids: [['collection', rest[0]]], api: `/v1/collections/${rest[0]}` };
  if (head === 's') return spaceTarget(rest);
  if (head === 'integrations' && rest.length === 1 && NAME.test(rest[0])) return { kind: 'integration', ids: [['integration', rest[0]]], api: `/v1/integrations/${enc(rest[0])}` };
  return undefined;
}

function organizationTarget([org, what, id, extra, ...more]: string[]): AppTarget | undefined {
  if (!org || !ID.test(org) || more.length) return undefined;
  const orgApi = `/v1/orgs/${org}`;
  if (what === undefined) return { kind: 'organization', ids: [['organization', org]], api: orgApi };
  if (what === 'sites' && id && ID.test(id) && (extra === undefined || extra === 'preview')) {
    return { kind: extra ? 'site preview' : 'site', ids: [['organization', org], ['site', id]], api: `${orgApi}/sites/${id}` };
  }
  if (what === 'openapi' && id && NAME.test(id) && extra === undefined) {
    return {
      kind: 'OpenAPI specification',
      ids: [['organization', org], ['slug', id]],
      api: `${orgApi}/openapi/${enc(id)}`,
      published: { path: `/openapi/${org}/${enc(id)}.json`, note: 'served there only while the specification is public' },
    };
  }
  if (what === 'integrations' && id && NAME.test(id) && extra === undefined) {
    return { kind: 'integration installation', ids: [['organization', org], ['integration', id]], api: `/v1/integrations/${enc(id)}` };
  }
  return undefined;
}

function spaceTarget([space, ...rest]: string[]): AppTarget | undefined {
  if (!space || !ID.test(space)) return undefined;
  const spaceApi = `/v1/spaces/${space}`;
  if (rest[0] === '~' && rest[1] === 'changes') {
    const cr = rest[2];
    if (!cr || !ID.test(cr)) return undefined;
    // The change request's presenter links its number, a revision's its id: the API reads by id.
    const api = /^\d+$/.test(cr) ? `${spaceApi}/change-requests` : `${spaceApi}/change-requests/${cr}`;
    const page = rest.slice(3);
    return {
      kind: page.length ? 'page of a change request' : 'change request',
      ids: [['space', space], ['change request', cr], ...(page.length ? [['page path', page.join('/')] as [string, string]] : [])],
      api,
    };
  }
  if (rest.length === 0) return { kind: 'space', ids: [['space', space]], api: spaceApi };
  if (rest[0] === 'pages' && rest.length === 2 && ID.test(rest[1])) {
    return { kind: 'page', ids: [['space', space], ['page', rest[1]]], api: `${spaceApi}/content/page/${rest[1]}` };
  }
  const pagePath = rest.join('/');
  return { kind: 'page', ids: [['space', space], ['page path', pagePath]], api: `${spaceApi}/content/path/${rest.map(enc).join('/')}` };
}
