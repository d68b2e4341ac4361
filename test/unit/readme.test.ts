import fs from 'node:fs';
import path from 'node:path';
import { eventCatalog, GatewayEvents } from '@dp/events';
import { gatewayConfig, PRINCIPAL_EVENTS } from '@dp/gateway';
import { launcherConfig, services, subscriptions } from '@dp/local';
import { adminConfig } from '@dp/admin';
import { configTable } from '../../scripts/config-table';
import { adrIndex } from '../../scripts/adr-index';

const root = path.join(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const readme = read('README.md');
// The catalog and the table moved out of the README into their own pages (issue 22 §1); the checks follow them.
const events = read('docs/events.md');
const configuration = read('docs/configuration.md');

/** Every markdown file under docs/, as a path from the repository's root. */
function docsFiles(dir = 'docs'): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? docsFiles(`${dir}/${e.name}`) : e.name.endsWith('.md') ? [`${dir}/${e.name}`] : []));
}

describe('The docs stay true', () => {
  test.each(Object.entries(eventCatalog))('When %s is in the catalog, Then docs/events.md lists it with its publisher', (type, def) => {
    expect(events).toMatch(new RegExp(`\\| \`${type.replace(/\./g, '\\.')}\` \\| ${def.publisher} \\|`));
  });

  test('When a service handles an event type, Then docs/events.md names it among that type’s consumers, and no other', async () => {
    const consumers = new Map<string, string[]>();
    for (const [context, types] of await subscriptions()) for (const type of types) consumers.set(type, [...(consumers.get(type) ?? []), context]);
    // The gateway hears these on its broadcast queue (its principal cache, ADR 0021).
    for (const type of PRINCIPAL_EVENTS) consumers.set(type, [...(consumers.get(type) ?? []), 'gateway']);
    // And its replicas' heartbeats, to share the rate limit (ADR 0055).
    consumers.set(GatewayEvents.REPLICA_ALIVE, ['gateway']);
    for (const type of Object.keys(eventCatalog)) {
      const row = events.split('\n').find((line) => line.startsWith(`| \`${type}\` |`));
      const listed = row!.split('|')[3].trim();
      expect({ type, consumers: listed === '–' ? [] : listed.split(/,\s*/).sort() }).toEqual({ type, consumers: (consumers.get(type) ?? []).sort() });
    }
  });

  test('When a process declares a variable, Then docs/configuration.md holds the configuration table npm run docs:config prints, row for row', () => {
    expect(configuration).toContain(`\n${configTable()}\n\n`);
  });

  test('When a service, the gateway, the launcher or the admin CLI declares a variable, Then the configuration table lists it', () => {
    const declared = new Set([...Object.keys(gatewayConfig), ...services.flatMap(({ def }) => Object.keys(def.config)), ...Object.keys(launcherConfig), ...Object.keys(adminConfig)]);
    const missing = [...declared].filter((name) => !configuration.includes(`| \`${name}\` |`));
    expect(missing).toEqual([]);
  });

  test('When a newcomer runs the first command, Then it installs the lock file the way CI does', () => {
    const first = /```sh\n([^\n]*)\n/.exec(readme)?.[1];
    expect(first).toBe('npm ci && npm start');
    expect(fs.readFileSync(path.join(root, '.ci/run'), 'utf8')).toMatch(/^npm ci\b/m);
  });

  test('When a newcomer opens the README, Then it is at most 15 KB and needs no file outside the repository', () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(15 * 1024);
    expect(readme).not.toMatch(/\]\(\.\.\//);
  });

  test('When a page is in docs/, Then the README’s table of contents links it', () => {
    const linked = new Set([...readme.matchAll(/\]\((docs\/[^)#\s]+)/g)].map((m) => m[1]));
    const pages = docsFiles().filter((f) => !/^docs\/(adr|design)\//.test(f) || f === 'docs/adr/README.md');
    expect(pages.filter((p) => !linked.has(p))).toEqual([]);
  });

  test('When the README or a page of docs/ points at a file, Then the file is in the repository', () => {
    const broken: string[] = [];
    for (const file of ['README.md', 'SECURITY.md', ...docsFiles()]) {
      const text = read(file);
      // Markdown links resolve from the page's folder; a path written out (`docs/adr/0038-site-structure.md`) from the root.
      const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
      for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target)) continue;
        const resolved = path.join(path.dirname(path.join(root, file)), decodeURIComponent(target.split('#')[0]));
        if (!fs.existsSync(resolved)) broken.push(`${file}: ${target}`);
      }
      for (const [, written] of text.matchAll(/(?<![\w./-])((?:docs|test|libs|services|gateway|infra|scripts)\/[\w./-]+\.(?:md|ts))\b/g)) {
        if (!fs.existsSync(path.join(root, written))) broken.push(`${file}: ${written}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('The ADRs stay one page each, and indexed', () => {
  const adrs = fs.readdirSync(path.join(root, 'docs/adr')).filter((f) => /^\d{4}-.*\.md$/.test(f));
  const index = read('docs/adr/README.md');

  test('When an ADR is in docs/adr, Then the index lists it by number, with a link to it', () => {
    expect(adrs.length).toBeGreaterThan(60);
    expect(adrs.filter((f) => !index.includes(`| [${f.slice(0, 4)}](${f}) |`))).toEqual([]);
  });

  test('When an ADR is in docs/adr, Then it fits on a page: at most 4,096 bytes (its long design lives in docs/design/)', () => {
    expect(adrs.map((f) => ({ f, bytes: fs.statSync(path.join(root, 'docs/adr', f)).size })).filter(({ bytes }) => bytes > 4096)).toEqual([]);
  });

  test('When an ADR is added or amended, Then docs/adr/README.md is the index scripts/adr-index.ts writes', () => {
    expect(index).toBe(adrIndex());
  });

  test('When an ADR is superseded or amended, Then the index says so, as the ADR itself does', () => {
    for (const f of adrs) {
      const head = read(`docs/adr/${f}`).split('\n').slice(0, 6).join('\n');
      const row = index.split('\n').find((line) => line.startsWith(`| [${f.slice(0, 4)}](`))!;
      const superseded = /Superseded by (\d{4})/.exec(head)?.[1];
      if (superseded) expect({ f, row }).toEqual({ f, row: expect.stringContaining(`superseded by ${superseded}`) });
      for (const [, by] of head.matchAll(/Amended by (\d{4})/g)) expect({ f, row }).toEqual({ f, row: expect.stringContaining(by) });
    }
  });
});
