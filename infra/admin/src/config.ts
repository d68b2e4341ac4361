import { commonConfig, defineConfig } from '@dp/config';
import { launcherConfig } from '@dp/local';

/**
 * What the admin CLI reads: the deployment's own variables (it reaches the same database and broker as the
 * services), and where each context's schema is when it is not the services' default.
 */
export const adminConfig = defineConfig({
  DATABASE_URL: commonConfig.DATABASE_URL,
  AMQP_URL: commonConfig.AMQP_URL,
  AMQP_EXCHANGE: commonConfig.AMQP_EXCHANGE,
  QUEUE_PREFIX: commonConfig.QUEUE_PREFIX,
  DB_SCHEMA_PREFIX: launcherConfig.DB_SCHEMA_PREFIX,
  ADMIN_DB_SCHEMAS: {
    kind: 'list',
    doc: "Schemas of contexts whose `DB_SCHEMA` is not `<DB_SCHEMA_PREFIX><context>`, as comma-separated `context=schema` pairs (e.g. `identity=ident_prod`)",
    default: '',
  },
});
