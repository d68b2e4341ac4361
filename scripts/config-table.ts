/** Prints the README's configuration table from the config declarations (`npx tsx scripts/config-table.ts`). */
import { gatewayConfig } from '@dp/gateway';
import { launcherConfig, services } from '@dp/local';
import { adminConfig } from '@dp/admin';
import type { VarSpec } from '@dp/config';

const rows = new Map<string, { spec: VarSpec; users: string[] }>();
const add = (who: string, spec: Record<string, VarSpec>) => {
  for (const [name, v] of Object.entries(spec)) {
    const key = name === 'PORT' || name === 'DB_SCHEMA' ? `${name}@${who}` : name;
    const row = rows.get(key) ?? { spec: v, users: [] };
    row.users.push(who);
    rows.set(key, row);
  }
};
add('gateway', gatewayConfig);
for (const { def } of services) add(def.context, def.config);
add('`npm start`', launcherConfig);
add('`npm run admin`', adminConfig);

const contexts = services.map(({ def }) => def.context);
function usedBy(users: string[]): string {
  if (!contexts.every((c) => users.includes(c))) return users.join(', ');
  const others = users.filter((u) => !contexts.includes(u));
  return others.length === 1 && others[0] === 'gateway' ? 'all' : ['every service', ...others].join(', ');
}

console.log('| Variable | Used by | Default | Description |');
console.log('|---|---|---|---|');
for (const [key, { spec, users }] of rows) {
  const name = key.split('@')[0];
  const def = spec.required ? '**required**' : spec.default === undefined ? '(unset)' : spec.default === '' ? '(empty)' : `\`${spec.default}\``;
  console.log(`| \`${name}\` | ${usedBy(users)} | ${def} | ${spec.doc.replace(/\|/g, '\\|')} |`);
}
