/**
 * The configuration table of docs/configuration.md, made from the config declarations: `npm run docs:config`
 * prints it, and test/unit/readme.test.ts checks that docs/configuration.md holds exactly this table.
 */
import { gatewayConfig } from '@dp/gateway';
import { launcherConfig, services } from '@dp/local';
import { adminConfig } from '@dp/admin';
import { publisherConfig } from '@dp/sites';
import type { VarSpec } from '@dp/config';
import { chaosConfig } from '../infra/chaos/src/config';

export function configTable(): string {
  // One row per variable and meaning: a variable two processes declare alike (DATABASE_URL) is one row naming
  // both; one they declare differently (each api's PORT, the publisher's CONTENT_URL) is a row each.
  const rows = new Map<string, { name: string; spec: VarSpec; users: string[] }>();
  const add = (who: string, spec: Record<string, VarSpec>) => {
    for (const [name, v] of Object.entries(spec)) {
      const key = `${name}\n${v.doc}\n${v.default ?? ''}`;
      const row = rows.get(key) ?? { name, spec: v, users: [] };
      row.users.push(who);
      rows.set(key, row);
    }
  };
  add('gateway', gatewayConfig);
  for (const { def } of services) add(def.context, def.config);
  add('sites publisher', publisherConfig);
  add('`npm start`', launcherConfig);
  add('`npm run admin`', adminConfig);
  add('`npm run chaos`', chaosConfig);

  const contexts = services.map(({ def }) => def.context);
  const usedBy = (users: string[]): string => {
    if (!contexts.every((c) => users.includes(c))) return users.join(', ');
    const others = users.filter((u) => !contexts.includes(u));
    return others.length === 1 && others[0] === 'gateway' ? 'all' : ['every service', ...others].join(', ');
  };
  const lines = ['| Variable | Used by | Default | Description |', '|---|---|---|---|'];
  for (const { name, spec, users } of rows.values()) {
    const def = spec.required ? '**required**' : spec.default === undefined ? '(unset)' : spec.default === '' ? '(empty)' : `\`${spec.default}\``;
    lines.push(`| \`${name}\` | ${usedBy(users)} | ${def} | ${spec.doc.replace(/\|/g, '\\|')} |`);
  }
  return lines.join('\n');
}

if (require.main === module) console.log(configTable());
