import type { Application, RequestHandler } from 'express';
import { OfficialApi, type OfficialOperation } from './official-api';
import { listRoutes, type RouteInfo } from './route-list';

/**
 * Where every service api serves the OpenAPI document of its public routes, for the gateway, which merges them
 * into `/v1/openapi.json` (docs/adr/0046). Not under `/v1`: the gateway routes no `/internal` path.
 */
export const API_DOCUMENT_PATH = '/internal/openapi.json';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An OpenAPI 3.1 document, as far as the services and the gateway build and merge them. */
export interface ApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: Array<{ url: string; description?: string }>;
  security?: Array<Record<string, string[]>>;
  tags: Obj[];
  /** Path template (without `/v1`, as the official document has them) -> method -> operation. */
  paths: Record<string, Record<string, Obj>>;
  components: Record<string, Obj>;
}

/** `/v1/spaces/:spaceId` -> `/spaces/{spaceId}`: the official template, relative to the `/v1` server. */
export const openApiTemplate = (expressPath: string) => expressPath.replace(/^\/v1(?=\/)/, '').replace(/[:*](\w+)/g, '{$1}');

/**
 * The OpenAPI document of a service's public routes (under `/v1`, and its public ones outside it), made from the
 * routes themselves: parameters and request bodies are the JSON Schemas that validate them (`route(schemas)`),
 * so the document cannot drift from what is enforced. Where the official GitBook API has the operation (same method and path
 * template), its id, tags, summary, description and responses are GitBook's; an operation of ours gets an id
 * made from its method and path, and the service as its tag.
 */
export function buildApiDocument(routes: RouteInfo[], service: string): ApiDocument {
  const official = new OfficialApi();
  const paths: ApiDocument['paths'] = {};
  let serviceTagged = false;
  for (const route of routes) {
    if (isPublicOutsideV1(route.path)) {
      (paths[openApiTemplate(route.path)] ??= {})[route.method.toLowerCase()] = publicOperation(route, service);
      serviceTagged = true;
      continue;
    }
    if (!route.path.startsWith('/v1/')) continue;
    const template = openApiTemplate(route.path);
    const found = official.operation(route.method, template);
    const request = { parameters: parametersOf(route, found), ...requestBodyOf(route) };
    // An official operation GitBook left untagged goes under the service, with ours.
    const untagged = !found || !Array.isArray(found.operation.tags) || found.operation.tags.length === 0;
    if (untagged) serviceTagged = true;
    (paths[template] ??= {})[route.method.toLowerCase()] = found
      ? { ...found.operation, ...(untagged ? { tags: [service] } : {}), ...request }
      : {
          operationId: generatedOperationId(route.method, template),
          tags: [service],
          description: `Not a GitBook API operation: ${service}'s own (see docs/guides/ in the repository).`,
          ...request,
          responses: { ...ownResponses(route), default: { description: 'An error', content: { 'application/json': { schema: official.ref('schemas', 'Error') } } } },
        };
  }
  const tags = [...official.tags.values()];
  if (serviceTagged && !official.tags.has(service)) tags.push({ name: service, description: `Operations of the ${service} service that the GitBook API does not have (or does not tag).` });
  return {
    openapi: '3.1.0',
    info: { title: `${service} service`, version: official.version, description: `The public operations of the ${service} service (official descriptions: @gitbook/api ${official.version}).` },
    servers: [{ url: '/v1' }],
    tags,
    paths,
    components: official.components,
  };
}

/**
 * A route outside `/v1` that is neither a probe nor for other services: a browser's or a tool's way in without a
 * token (SAML sign-in, a public OpenAPI spec, a PDF export's URL). The gateway keeps those its routing table
 * makes public (`publicRoutes`) and sets where they are reached.
 */
export const isPublicOutsideV1 = (path: string) => !/^\/(v1|internal|health)(\/|$)/.test(path);

function publicOperation(route: RouteInfo, service: string): Obj {
  const template = openApiTemplate(route.path);
  return {
    operationId: generatedOperationId(route.method, template),
    tags: [service],
    description: `Not a GitBook API operation: ${service}'s own, outside /v1 and without a token (see docs/guides/ in the repository).`,
    // Not under the `/v1` server: the gateway's own address (it sets the absolute one).
    servers: [{ url: '/' }],
    security: [],
    parameters: parametersOf(route, undefined),
    ...requestBodyOf(route),
    responses: { '2XX': { description: 'Success' }, default: { description: 'An error' } },
  };
}

/** `DELETE /user/tokens/{tokenId}` -> `deleteUserTokensByTokenId`: unique per method and path, stable. */
export function generatedOperationId(method: string, template: string): string {
  const words = template
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      const word = (param ? param[1] : segment).replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase());
      return `${param ? 'By' : ''}${word.charAt(0).toUpperCase()}${word.slice(1)}`;
    });
  return `${method.toLowerCase()}${words.join('')}`;
}

/** An operation of ours: the bodies its route declares (`route({ responses })`), else "success" with no body described. */
function ownResponses(route: RouteInfo): Obj {
  const declared = Object.entries(route.schemas.responses ?? {});
  if (declared.length === 0) return { '2XX': { description: 'Success' } };
  return Object.fromEntries(declared.map(([status, schema]) => [status, { description: 'Success', content: { 'application/json': { schema } } }]));
}

function parametersOf(route: RouteInfo, found: OfficialOperation | undefined): Obj[] {
  const doc = (where: string, name: string) => {
    const description = found?.parameterDocs.get(`${where} ${name}`);
    return description ? { description } : {};
  };
  const pathSchemas = propertiesOf(route.schemas.params);
  const parameters: Obj[] = route.params.map((name) => ({ name, in: 'path', required: true, ...doc('path', name), schema: pathSchemas[name] ?? { type: 'string' } }));
  const query = route.schemas.query;
  const required = isObj(query) && Array.isArray(query.required) ? query.required : [];
  for (const [name, schema] of Object.entries(propertiesOf(query))) {
    // Nested query values travel as `a[b]=c` (express's extended query parser).
    const deep = isObj(schema) && schema.type === 'object' ? { style: 'deepObject', explode: true } : {};
    parameters.push({ name, in: 'query', ...(required.includes(name) ? { required: true } : {}), ...doc('query', name), schema, ...deep });
  }
  return parameters;
}

function requestBodyOf(route: RouteInfo): { requestBody?: Obj } {
  const body = route.schemas.body;
  if (!isObj(body)) return {};
  // validate() checks a missing body as `{}`: a body is required only where the schema requires a field.
  const required = Array.isArray(body.required) && body.required.length > 0;
  return { requestBody: { required, content: { 'application/json': { schema: body } } } };
}

function propertiesOf(schema: object | undefined): Obj {
  return isObj(schema) && isObj(schema.properties) ? schema.properties : {};
}

/**
 * `GET API_DOCUMENT_PATH`: the document of the app that serves it, built on the first request (the routes are
 * all mounted by then and never change) and kept as its JSON text.
 */
export function serveApiDocument(service: string): RequestHandler {
  const built = new WeakMap<Application, string>();
  return (req, res) => {
    let text = built.get(req.app);
    if (text === undefined) {
      text = JSON.stringify(buildApiDocument(listRoutes(req.app), service));
      built.set(req.app, text);
    }
    res.type('application/json').send(text);
  };
}
