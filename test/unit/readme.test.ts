import fs from 'node:fs';
import path from 'node:path';
import knex from 'knex';
import { loadConfig } from '@dp/config';
import { eventCatalog, GatewayEvents } from '@dp/events';
import { createLogger } from '@dp/log';
import { gatewayConfig, PRINCIPAL_EVENTS } from '@dp/gateway';
import { launcherConfig, services } from '@dp/local';
import { adminConfig } from '@dp/admin';
import { configTable } from '../../scripts/config-table';

const root = path.join(__dirname, '../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

describe('README stays true', () => {
  test.each(Object.entries(eventCatalog))('When %s is in the catalog, Then the README lists it with its publisher', (type, def) => {
    expect(readme).toMatch(new RegExp(`\\| \`${type.replace(/\./g, '\\.')}\` \\| ${def.publisher} \\|`));
  });

  test('When a service handles an event type, Then the README names it among that type’s consumers, and no other', async () => {
    const consumers = new Map<string, string[]>();
    // Handlers are built from a worker's deps; building them opens nothing (knex connects on its first query).
    const db = knex({ client: 'pg' });
    const log = createLogger('readme-test', 'silent');
    for (const { def } of services) {
      for (const h of def.handlers({ db, config: loadConfig(def.config, { INTERNAL_AUTH_SECRET: 'readme-test', INTEGRATIONS_SECRETS_KEY: Buffer.alloc(32).toString('base64') }), log })) consumers.set(h.type, [...(consumers.get(h.type) ?? []), def.context]);
    }
    await db.destroy();
    // The gateway hears these on its broadcast queue (its principal cache, ADR 0021).
    for (const type of PRINCIPAL_EVENTS) consumers.set(type, [...(consumers.get(type) ?? []), 'gateway']);
    // And its replicas' heartbeats, to share the rate limit (ADR 0055).
    consumers.set(GatewayEvents.REPLICA_ALIVE, ['gateway']);
    for (const type of Object.keys(eventCatalog)) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${type}\` |`));
      const listed = row!.split('|')[3].trim();
      expect({ type, consumers: listed === '–' ? [] : listed.split(/,\s*/).sort() }).toEqual({ type, consumers: (consumers.get(type) ?? []).sort() });
    }
  });

  test('When a process declares a variable, Then the README holds the configuration table npm run docs:config prints, row for row', () => {
    expect(readme).toContain(`\n${configTable()}\n\n`);
  });

  test('When a service, the gateway, the launcher or the admin CLI declares a variable, Then the configuration table lists it', () => {
    const declared = new Set([...Object.keys(gatewayConfig), ...services.flatMap(({ def }) => Object.keys(def.config)), ...Object.keys(launcherConfig), ...Object.keys(adminConfig)]);
    const missing = [...declared].filter((name) => !readme.includes(`| \`${name}\` |`));
    expect(missing).toEqual([]);
  });

  test('When a newcomer runs the first command, Then it installs the lock file the way CI does', () => {
    const first = /```sh\n([^\n]*)\n/.exec(readme)?.[1];
    expect(first).toBe('npm ci && npm start');
    expect(fs.readFileSync(path.join(root, '.ci/run'), 'utf8')).toMatch(/^npm ci\b/m);
  });

  test('When the README points at a file, Then the file is in the repository', () => {
    expect(readme).not.toMatch(/\.\.\/(shared|[A-Z]+\.md)/);
    const paths = [...readme.matchAll(/\b(docs\/[\w./-]+\.md)\b/g)].map((m) => m[1]);
    expect(paths.filter((p) => !fs.existsSync(path.join(root, p)))).toEqual([]);
  });
});
