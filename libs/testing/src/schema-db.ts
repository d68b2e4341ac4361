import { createDb, type Db } from '@dp/db';
import { dropResources, requireInfrastructure, TEST_DATABASE_URL, TEST_POOL_IDLE_MS, uniqueNamespace } from './infra';

/**
 * A test file's own schema of `context` (`t_<run>_<label>_<n>_identity`, swept like every test resource) and a
 * small pool bound to it, for tests that run a context's migrations themselves (a migration over rows written
 * by the ones before it). Registers the file's hooks: the infrastructure is checked before its tests, the pool
 * closed and the schema dropped after them. Call it at the top of the file.
 */
export function schemaForFile(label: string, context: string): { schema: string; db: Db } {
  const schema = `${uniqueNamespace(label)}${context}`;
  // knex connects on the first query, not here.
  const db = createDb({ url: TEST_DATABASE_URL, schema, poolMax: 2, idleMs: TEST_POOL_IDLE_MS });
  beforeAll(() => requireInfrastructure());
  afterAll(async () => {
    await db.destroy();
    await dropResources({ schemas: [schema] });
  });
  return { schema, db };
}
