import { commonConfig, ConfigError, defineConfig, listenerConfig, type ConfigOf } from '@dp/config';
import type { MarkdownRendererOptions } from '@dp/markdown-html';
import { SITEMAP_MAX_URLS } from './indexing';

/**
 * The publisher's variables (docs/adr/0040): it reads the sites schema (same bounded context), asks content
 * for revisions as the sites service itself, and hears the bus to drop what it cached about a site at once.
 */
export const publisherConfig = defineConfig({
  DATABASE_URL: commonConfig.DATABASE_URL,
  DB_POOL_MAX: commonConfig.DB_POOL_MAX,
  DB_POOL_IDLE_MS: commonConfig.DB_POOL_IDLE_MS,
  DB_SCHEMA: { kind: 'string', doc: 'PostgreSQL schema the sites service owns (the publisher reads it)', default: 'sites' },
  AMQP_URL: commonConfig.AMQP_URL,
  AMQP_EXCHANGE: commonConfig.AMQP_EXCHANGE,
  INTERNAL_AUTH_SECRET: commonConfig.INTERNAL_AUTH_SECRET,
  LOG_LEVEL: commonConfig.LOG_LEVEL,
  METRICS_PORT: commonConfig.METRICS_PORT,
  OTEL_EXPORTER_OTLP_ENDPOINT: commonConfig.OTEL_EXPORTER_OTLP_ENDPOINT,
  SITES_PUBLIC_URL: commonConfig.SITES_PUBLIC_URL,
  PORT: { kind: 'int', doc: 'HTTP port of the sites publisher', default: '8090' },
  // Where it binds and how long a reader may take (docs/adr/0062).
  ...listenerConfig,
  CONTENT_URL: { kind: 'url', doc: "Base URL of the content api, asked for revisions' pages, markdown and files", default: 'http://127.0.0.1:8082' },
  OPENAPI_URL: { kind: 'url', doc: 'Base URL of the openapi api, asked for the operations that pages\' OpenAPI blocks show (docs/adr/0083)', default: 'http://127.0.0.1:8084' },
  INTEGRATIONS_URL: { kind: 'url', doc: "Base URL of the integrations api, asked to render pages' integration blocks (docs/adr/0094)", default: 'http://127.0.0.1:8085' },
  PUBLISHER_CACHE_MB: { kind: 'int', doc: 'Memory the publisher gives to rendered pages and content it fetched (revisions are immutable), per cache, in MB', default: '64' },
  PUBLISHER_SITEMAP_MAX_URLS: { kind: 'int', doc: "URLs one sitemap file lists (1 to 50,000, the protocol's bound); a site with more answers sitemap.xml with an index of sitemap-<n>.xml files", default: '50000' },
  PUBLISHER_RENDER_THREADS: { kind: 'int', doc: 'Worker threads that render page bodies off the request loop (docs/adr/0059)', default: '2' },
  PUBLISHER_RENDER_BUDGET_MS: { kind: 'int', doc: "Time one page's render may take on its thread; past it the thread is replaced and the page shown as plain text for a minute", default: '2000' },
  PUBLISHER_RENDER_MEMORY_MB: { kind: 'int', doc: 'Heap of one render thread, in MB; a render past it is shown as plain text', default: '256' },
  PUBLISHER_RENDER_MAX_TAGS: { kind: 'int', doc: "HTML tags a page's rendering may have before sanitizing; past it the page is shown as plain text", default: '20000' },
  PUBLISHER_RENDER_MAX_DEPTH: { kind: 'int', doc: "Nesting of HTML tags a page's rendering may have before sanitizing; past it the page is shown as plain text", default: '100' },
});
export type PublisherConfig = ConfigOf<typeof publisherConfig>;

/** The URLs of one sitemap file; outside 1 to 50,000 the process refuses to start. */
export function sitemapBoundOf(config: PublisherConfig): number {
  const bound = config.PUBLISHER_SITEMAP_MAX_URLS;
  if (bound < 1 || bound > SITEMAP_MAX_URLS) throw new ConfigError([`PUBLISHER_SITEMAP_MAX_URLS must be 1 to ${SITEMAP_MAX_URLS}, not ${bound}`]);
  return bound;
}

/** Renders waiting for a thread, per thread, before a page is shown as plain text at once. */
const RENDER_QUEUE_PER_THREAD = 32;

/** The render threads' settings (docs/adr/0059); each must be at least 1, or the process refuses to start. */
export function renderOptionsOf(config: PublisherConfig): MarkdownRendererOptions {
  const values = {
    PUBLISHER_RENDER_THREADS: config.PUBLISHER_RENDER_THREADS,
    PUBLISHER_RENDER_BUDGET_MS: config.PUBLISHER_RENDER_BUDGET_MS,
    PUBLISHER_RENDER_MEMORY_MB: config.PUBLISHER_RENDER_MEMORY_MB,
    PUBLISHER_RENDER_MAX_TAGS: config.PUBLISHER_RENDER_MAX_TAGS,
    PUBLISHER_RENDER_MAX_DEPTH: config.PUBLISHER_RENDER_MAX_DEPTH,
  };
  const problems = Object.entries(values).flatMap(([name, value]) => (value < 1 ? [`${name} must be at least 1, got ${value}`] : []));
  if (problems.length) throw new ConfigError(problems);
  return {
    threads: values.PUBLISHER_RENDER_THREADS,
    budgetMs: values.PUBLISHER_RENDER_BUDGET_MS,
    memoryMb: values.PUBLISHER_RENDER_MEMORY_MB,
    maxQueue: values.PUBLISHER_RENDER_THREADS * RENDER_QUEUE_PER_THREAD,
    limits: { maxTags: values.PUBLISHER_RENDER_MAX_TAGS, maxDepth: values.PUBLISHER_RENDER_MAX_DEPTH },
  };
}
