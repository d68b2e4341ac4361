/**
 * The routing table, as data: which bounded context owns each `/v1` path family. First match wins, so more
 * specific patterns come first. ORG = /v1/orgs/{organizationId}.
 */
export const SERVICES = ['identity', 'content', 'sites', 'openapi', 'integrations', 'translations'] as const;
export type ServiceName = (typeof SERVICES)[number];

const ORG = '/v1/orgs/[^/]+';

export const routes: ReadonlyArray<{ pattern: string; service: ServiceName }> = [
  { pattern: `^${ORG}/(spaces|collections|search)(/|$)`, service: 'content' },
  { pattern: `^${ORG}/sites(/|$)`, service: 'sites' },
  { pattern: `^${ORG}/openapi(/|$)`, service: 'openapi' },
  { pattern: `^${ORG}/(integrations|installations)(/|$)`, service: 'integrations' },
  { pattern: `^${ORG}/translations(/|$)`, service: 'translations' },
  { pattern: `^${ORG}/(members|invites|link-invites|teams|saml|sso|subdomain)(/|$)`, service: 'identity' },
  { pattern: `^${ORG}/?$`, service: 'identity' },
  { pattern: '^/v1/orgs/?$', service: 'identity' },
  { pattern: '^/v1/(user|users|admin|email-domains)(/|$)', service: 'identity' },
  { pattern: '^/v1/(spaces|collections)(/|$)', service: 'content' },
  { pattern: '^/v1/integrations(/|$)', service: 'integrations' },
];

const compiled = routes.map((r) => ({ re: new RegExp(r.pattern), service: r.service }));

export function serviceFor(path: string): ServiceName | undefined {
  return compiled.find((r) => r.re.test(path))?.service;
}
