/** Prints the README's configuration table from the config declarations (`npx tsx scripts/config-table.ts`). */
import { gatewayConfig } from '@dp/gateway';
import { launcherConfig, services } from '@dp/local';
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

console.log('| Variable | Used by | Default | Description |');
console.log('|---|---|---|---|');
for (const [key, { spec, users }] of rows) {
  const name = key.split('@')[0];
  const def = spec.required ? '**required**' : spec.default === undefined ? '(unset)' : spec.default === '' ? '(empty)' : `\`${spec.default}\``;
  console.log(`| \`${name}\` | ${users.length === services.length + 1 ? 'all' : !users.includes('gateway') && users.length === services.length ? 'every service' : users.join(', ')} | ${def} | ${spec.doc.replace(/\|/g, '\\|')} |`);
}
