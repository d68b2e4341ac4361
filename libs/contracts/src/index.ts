/**
 * The bodies of the services' internal routes (`/internal/...`, docs/adr/0054 as amended): the owning service's
 * route declares the schema (`route({ responses: { 200: schema } })`) and returns its FromSchema type, and the
 * calling service's client reads the same type. Services never import each other (docs/adr/0026): this lib is
 * where both meet. Public routes' bodies are typed by GitBook's own types (`Official`, ./official.ts).
 */
export * from './identity';
export * from './content';
export * from './sites';
export * from './openapi';
export * from './integrations';
export * from './merge-rules';
export type * from './official';
export * from './languages';
