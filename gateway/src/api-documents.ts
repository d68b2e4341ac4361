import { signServiceAssertion } from '@dp/auth';
import { API_DOCUMENT_PATH, serviceClient, type ApiDocument } from '@dp/http';
import type { Logger } from '@dp/log';
import { version } from '../package.json';
import { publicRoutes, serviceFor, SERVICES, type ServiceName } from './routes';

/** A merged document is made again after this: a redeployed service's new routes show within minutes. */
const REFRESH_MS = 5 * 60_000;
/** A document that lacks a deployed service (it did not answer) is made again on a request after this. */
const RETRY_MS = 5_000;
/**
 * How long the gateway waits for a service's document. A service builds it on the first request (a few hundred
 * ms of CPU each; under `npm start` all six share one event loop), so this is generous.
 */
const FETCH_TIMEOUT_MS = 10_000;

export interface ApiDocumentsOptions {
  urls: Partial<Record<ServiceName, string>>;
  /** Signs the gateway's assertion: a service gives its document to the gateway alone. */
  secret: string;
  /** Where clients reach the API (`servers`): `<PUBLIC_URL>/v1`, as every `urls.location`. */
  publicUrl: string;
  log: Logger;
  /** Tests shorten these (defaults: REFRESH_MS, RETRY_MS). */
  refreshMs?: number;
  retryMs?: number;
}

/**
 * The OpenAPI document of this deployment (`GET /v1/openapi.json`), merged from the documents the deployed
 * services make of their own routes (docs/adr/0046). Kept as JSON text; a service that does not answer keeps
 * its last document (or is left out, said in `info.description`) and is asked again a few seconds later.
 */
export class ApiDocuments {
  private readonly parts = new Map<ServiceName, ApiDocument>();
  private current?: { text: string; at: number; complete: boolean };
  private building?: Promise<string>;
  private readonly fetchers;

  constructor(private readonly opts: ApiDocumentsOptions) {
    this.fetchers = SERVICES.flatMap((service) => {
      const url = opts.urls[service];
      return url ? [{ service, request: serviceClient(url, { serviceName: service, timeoutMs: FETCH_TIMEOUT_MS }) }] : [];
    });
  }

  /** The document as JSON text: the kept one while it is fresh, else one made now (concurrent callers share it). */
  async text(): Promise<string> {
    const current = this.current;
    const freshFor = current?.complete ? (this.opts.refreshMs ?? REFRESH_MS) : (this.opts.retryMs ?? RETRY_MS);
    if (current && Date.now() - current.at < freshFor) return current.text;
    this.building ??= this.build().finally(() => (this.building = undefined));
    return this.building;
  }

  private async build(): Promise<string> {
    const assertion = signServiceAssertion('gateway', this.opts.secret);
    const missing: ServiceName[] = [];
    await Promise.all(
      this.fetchers.map(async ({ service, request }) => {
        try {
          const res = await request<ApiDocument>('GET', API_DOCUMENT_PATH, { assertion });
          if (res.status !== 200) throw new Error(`status ${res.status}`);
          this.parts.set(service, res.body);
        } catch (err) {
          this.opts.log.warn({ service, err: (err as Error).message }, 'API document of a service unavailable');
          missing.push(service);
        }
      }),
    );
    const parts = SERVICES.flatMap((service) => {
      const document = this.parts.get(service);
      return document ? [{ service, document }] : [];
    });
    const text = JSON.stringify(mergeApiDocuments(parts, { publicUrl: this.opts.publicUrl, missing }));
    this.current = { text, at: Date.now(), complete: missing.length === 0 };
    return text;
  }
}

/**
 * One document of the services' documents: the paths the routing table sends to each (what the gateway
 * reaches; outside /v1, those `publicRoutes` makes public, at PUBLIC_URL), the tags they use, their components (the same official ones, named alike; the first service's
 * wins), one bearer-token scheme, the public `/v1` server, the gateway's version.
 */
export function mergeApiDocuments(parts: Array<{ service: ServiceName; document: ApiDocument }>, opts: { publicUrl: string; missing?: ServiceName[] }): ApiDocument {
  const paths: ApiDocument['paths'] = {};
  const tags = new Map<string, ApiDocument['tags'][number]>();
  const components: ApiDocument['components'] = {};
  const used = new Set<string>();
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  for (const { service, document } of parts) {
    for (const [template, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        // An operation with its own `servers` is outside /v1: kept when the gateway makes it public, at its address.
        const outside = Array.isArray(operation.servers);
        if (outside ? !isPublic(service, method, template) : serviceFor(`/v1${template.replace(/\{\w+\}/g, 'x')}`) !== service) continue;
        (paths[template] ??= {})[method] = outside ? { ...operation, servers: [{ url: publicUrl, description: 'Outside /v1, without a token' }] } : operation;
        if (Array.isArray(operation.tags)) operation.tags.forEach((t) => used.add(String(t)));
      }
    }
    for (const tag of document.tags) if (!tags.has(String(tag.name))) tags.set(String(tag.name), tag);
    for (const [kind, entries] of Object.entries(document.components)) components[kind] = { ...entries, ...components[kind] };
  }
  const missing = opts.missing?.length ? ` Did not answer just now (described as they last answered, if ever): ${opts.missing.join(', ')}.` : '';
  return {
    openapi: '3.1.0',
    info: {
      title: 'Docs Platform API',
      version,
      description:
        'The API of this deployment: GitBook-compatible (an operation the GitBook API has keeps its operation id, tags and ' +
        'response schemas; names containing GitBook carry Service instead), made from the schemas that validate each request. ' +
        `Authenticate with an API token: \`Authorization: Bearer <token>\`.${missing}`,
    },
    servers: [{ url: `${publicUrl}/v1`, description: 'This deployment' }],
    security: [{ apiToken: [] }],
    tags: [...tags.values()].filter((t) => used.has(String(t.name))),
    paths,
    components: {
      ...components,
      securitySchemes: { apiToken: { type: 'http', scheme: 'bearer', description: 'An API token (docs/guides/api-tokens.md): `POST /v1/user/tokens`, or the one `POST /v1/admin/users` returns.' } },
    },
  };
}

/** Whether `publicRoutes` sends `method` on the paths of `template` (a path outside /v1) to `service`, by its first segment. */
function isPublic(service: ServiceName, method: string, template: string): boolean {
  const first = template.split('/')[1];
  return publicRoutes.some((r) => r.service === service && r.method === method.toUpperCase() && r.pattern.startsWith(`^/${first}/`));
}
