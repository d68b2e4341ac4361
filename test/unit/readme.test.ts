import fs from 'node:fs';
import path from 'node:path';
import { eventCatalog } from '@dp/events';
import { gatewayConfig } from '@dp/gateway';
import { services } from '@dp/local';

const readme = fs.readFileSync(path.join(__dirname, '../../README.md'), 'utf8');

describe('README stays true', () => {
  test.each(Object.entries(eventCatalog))('When %s is in the catalog, Then the README lists it with its publisher', (type, def) => {
    expect(readme).toMatch(new RegExp(`\\| \`${type.replace(/\./g, '\\.')}\` \\| ${def.publisher} \\|`));
  });

  test('When a service handles an event type, Then the README names it among that type’s consumers, and no other', () => {
    const consumers = new Map<string, string[]>();
    for (const { def } of services) for (const h of def.handlers) consumers.set(h.type, [...(consumers.get(h.type) ?? []), def.context]);
    for (const type of Object.keys(eventCatalog)) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${type}\` |`));
      const listed = row!.split('|')[3].trim();
      expect({ type, consumers: listed === '–' ? [] : listed.split(/,\s*/).sort() }).toEqual({ type, consumers: (consumers.get(type) ?? []).sort() });
    }
  });

  test('When a service or the gateway declares a variable, Then the configuration table lists it', () => {
    const declared = new Set([...Object.keys(gatewayConfig), ...services.flatMap(({ def }) => Object.keys(def.config))]);
    const missing = [...declared].filter((name) => !readme.includes(`| \`${name}\` |`));
    expect(missing).toEqual([]);
  });
});
