/**
 * The routing table, as data: which bounded context owns each `/v1` path family. First match wins, so more
 * specific patterns come first. ORG = /v1/orgs/{organizationId}.
 */
export const SERVICES = ['identity', 'content', 'sites', 'openapi', 'integrations', 'translations'] as const;
export type ServiceName = (typeof SERVICES)[number];

const ORG = '/v1/orgs/[^/]+';

export const routes: ReadonlyArray<{ pattern: string; service: ServiceName }> = [
  { pattern: `^${ORG}/(spaces|collections|search)(/|$)`, service: 'content' },
  // A member's access per space is content's to say (docs/adr/0096), under identity's members path.
  { pattern: `^${ORG}/members/[^/]+/spaces/?$`, service: 'content' },
  { pattern: `^${ORG}/sites(/|$)`, service: 'sites' },
  { pattern: `^${ORG}/openapi(/|$)`, service: 'openapi' },
  { pattern: `^${ORG}/(integrations|installations)(/|$)`, service: 'integrations' },
  { pattern: `^${ORG}/translations(-glossary)?(/|$)`, service: 'translations' },
  { pattern: `^${ORG}/(members|invites|link-invites|teams|saml|sso|subdomain|audit-events|audit-event-actions)(/|$)`, service: 'identity' },
  { pattern: `^${ORG}/?$`, service: 'identity' },
  { pattern: '^/v1/orgs/?$', service: 'identity' },
  // GitBook's import runs live under `/org/` (singular): content runs them (docs/adr/0061).
  { pattern: '^/v1/org/[^/]+/imports(/|$)', service: 'content' },
  { pattern: '^/v1/(user|users|admin|email-domains)(/|$)', service: 'identity' },
  { pattern: '^/v1/(spaces|collections)(/|$)', service: 'content' },
  // Git Sync installations (docs/adr/0107).
  { pattern: '^/v1/git(/|$)', service: 'content' },
  { pattern: '^/v1/integrations(/|$)', service: 'integrations' },
  { pattern: '^/v1/custom-hostnames(/|$)', service: 'sites' },
];

/**
 * The literal start of an anchored pattern (`^/v1/orgs/[^/]+...` → `/v1/orgs/`), a cheap test before the expression;
 * a character a quantifier follows is left out (`^/v1/orgs/?$` → `/v1/orgs`).
 */
export function literalPrefix(pattern: string): string {
  const [, literal = '', next = ''] = /^\^([^[(\\.?*+|{$]*)(.?)/.exec(pattern) ?? [];
  return next !== '' && '?*{'.includes(next) ? literal.slice(0, -1) : literal;
}
const compiled = routes.map((r) => ({ prefix: literalPrefix(r.pattern), re: new RegExp(r.pattern), service: r.service }));

/** The first entry of the table `path` matches: its service and the part of the path its pattern matched. */
export function routeMatch(path: string): { service: ServiceName; matched: string } | undefined {
  for (const { prefix, re, service } of compiled) {
    if (!path.startsWith(prefix)) continue;
    const matched = re.exec(path)?.[0];
    if (matched !== undefined) return { service, matched };
  }
  return undefined;
}

export function serviceFor(path: string): ServiceName | undefined {
  return routeMatch(path)?.service;
}

/**
 * The only paths reached without a bearer token, outside `/v1`: a browser on its way through a SAML sign-in
 * (start, the identity provider's POST to the ACS, our metadata; docs/adr/0036), a public OpenAPI spec's
 * latest version (docs/adr/0042), a PDF export while its URL works (docs/adr/0044) and a git host's push webhook
 * (docs/adr/0107). Exactly these methods and paths: the gateway forwards them with its own
 * service assertion, which the service accepts on them alone.
 */
export const publicRoutes: ReadonlyArray<{ method: string; pattern: string; service: ServiceName }> = [
  { method: 'GET', pattern: '^/sso/saml/[A-Za-z0-9_-]{1,100}/(start|metadata)$', service: 'identity' },
  { method: 'POST', pattern: '^/sso/saml/[A-Za-z0-9_-]{1,100}/acs$', service: 'identity' },
  { method: 'GET', pattern: '^/openapi/[A-Za-z0-9_-]{1,100}/[a-z0-9]+(-[a-z0-9]+)*\\.(json|yaml)$', service: 'openapi' },
  { method: 'GET', pattern: '^/pdf/[A-Za-z0-9_-]{43}$', service: 'content' },
  // A git host's push webhook, checked by content against CONTENT_GIT_WEBHOOK_SECRET (docs/adr/0107).
  { method: 'POST', pattern: '^/git/webhooks/(github|gitlab)$', service: 'content' },
];

/** The first path segments of `publicRoutes`, each mounted by the gateway without authentication. */
export const publicPrefixes = ['/sso', '/openapi', '/pdf', '/git'] as const;

const compiledPublic = publicRoutes.map((r) => ({ method: r.method, re: new RegExp(r.pattern), service: r.service }));

export function publicServiceFor(method: string, path: string): ServiceName | undefined {
  return compiledPublic.find((r) => r.method === method && r.re.test(path))?.service;
}
