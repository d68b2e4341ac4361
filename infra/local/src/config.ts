import { defineConfig } from '@dp/config';

const servicePort = (context: string, port: number) => ({
  kind: 'int' as const,
  doc: `Port of the ${context} api under \`npm start\` (unset: ${port}, or a free port when ${port} is taken)`,
});

/**
 * Variables only the local launcher (`npm start`) reads. Ports have no default on purpose: unset means "the
 * usual port, or a free one when it is taken", set means "this port or fail".
 */
export const launcherConfig = defineConfig({
  IDENTITY_PORT: servicePort('identity', 8081),
  CONTENT_PORT: servicePort('content', 8082),
  SITES_PORT: servicePort('sites', 8083),
  OPENAPI_PORT: servicePort('openapi', 8084),
  INTEGRATIONS_PORT: servicePort('integrations', 8085),
  TRANSLATIONS_PORT: servicePort('translations', 8086),
  SITES_PUBLISHER_PORT: {
    kind: 'int',
    doc: 'Port of the sites publisher (published sites for readers) under `npm start` (unset: 8090, or a free port when 8090 is taken)',
  },
  DB_SCHEMA_PREFIX: {
    kind: 'string',
    doc: 'Prefix of every schema `npm start` creates; with `QUEUE_PREFIX`, lets two stacks share one database and one broker',
    default: '',
  },
  EMBEDDED_PG_PORT: { kind: 'int', doc: 'Port of the embedded PostgreSQL `npm start` runs when `DATABASE_URL` is unset and nothing answers at the default', default: '5499' },
});
