import { InProcessBus } from '@dp/bus';
import { createLogger } from '@dp/log';
import { startApi, startWorker } from '@dp/runtime';
import { dropResources, requireInfrastructure, TEST_DATABASE_URL, uniqueNamespace } from '@dp/testing';
import { identityService } from '../src';

/** ADMIN_TOKEN is the identity api's to have: the worker (same config) starts without it, the api does not. */
const schema = `${uniqueNamespace('idboot')}identity`;
const env = { DATABASE_URL: TEST_DATABASE_URL, DB_SCHEMA: schema, INTERNAL_AUTH_SECRET: 'boot-test-secret', LOG_LEVEL: 'silent', PORT: '0' };

beforeAll(requireInfrastructure);
afterAll(() => dropResources({ schemas: [schema] }));

test('When ADMIN_TOKEN is unset, Then the identity api refuses to start, saying so, and the identity worker starts', async () => {
  await expect(startApi(identityService, env)).rejects.toThrow(/ADMIN_TOKEN is required by the identity api/);
  const bus = new InProcessBus(createLogger('boot-test', 'silent'));
  const worker = await startWorker(identityService, env, { bus });
  await worker.stop();
  await bus.close();
  const api = await startApi(identityService, { ...env, ADMIN_TOKEN: 'dp_admin_boot_test' });
  await api.stop();
});
