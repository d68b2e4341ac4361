import { migrate } from '@dp/db';
import { schemaForFile } from '@dp/testing';
import { migrations } from '../migrations';

/**
 * `defaultRole` takes effect with migration 20261210000005 (docs/adr/0037): organizations whose null value had
 * no effect (their plain emails got `read`) get `read`, once; an organization set to null afterwards (guests)
 * stays null when the migrations run again.
 */
const { schema, db } = schemaForFile('iddr', 'identity');

test('When the migration runs over organizations with a null defaultRole, Then they get read once, and later nulls are kept', async () => {
  await migrate(db, schema, migrations.filter((m) => m.name < '20261210000005'));
  await db('users').insert({ id: 'u1', email: 'u1@example.com', display_name: 'U1' });
  await db('organizations').insert([
    { id: 'old', title: 'Old', created_by: 'u1' },
    { id: 'set', title: 'Set', created_by: 'u1', default_role: 'edit' },
  ]);
  await migrate(db, schema, migrations);
  const roles = async () => Object.fromEntries((await db('organizations').select('id', 'default_role')).map((o) => [o.id, o.default_role]));
  expect(await roles()).toEqual({ old: 'read', set: 'edit' });

  await db('organizations').where({ id: 'old' }).update({ default_role: null });
  await db('organizations').insert({ id: 'new', title: 'New', created_by: 'u1' });
  // Run the migration's SQL again, as if it had not been recorded.
  await migrations.find((m) => m.name.startsWith('20261210000005'))!.up(db);
  expect(await roles()).toEqual({ old: null, set: 'edit', new: 'read' });
});
