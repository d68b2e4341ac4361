import { migrate } from '@dp/db';
import { schemaForFile } from '@dp/testing';
import { migrations } from '../migrations';

/**
 * Migration 20261220000001 (docs/adr/0056) links, once, only the users a sign-in of a provider created: the user
 * and their first token were written in one transaction (same `created_at`), the token is labelled after the
 * provider, the user is still an SSO member of its organization, and one provider alone matches. An account a
 * provider merely signed in by email (as the takeover did) is not linked.
 */
const { schema, db } = schemaForFile('idsl', 'identity');

test('When the migration runs over earlier sign-ins, Then users a provider created are linked to it once, and accounts it only signed in are not', async () => {
  await migrate(db, schema, migrations.filter((m) => m.name < '20261220000001'));
  const at = (iso: string) => new Date(iso);
  await db('users').insert([
    { id: 'owner', email: 'owner@example.com', display_name: 'Owner', created_at: at('2026-01-01T00:00:00Z') },
    { id: 'created', email: 'created@example.com', display_name: 'Created', created_at: at('2026-02-01T00:00:00Z') },
    { id: 'victim', email: 'victim@example.com', display_name: 'Victim', created_at: at('2026-01-02T00:00:00Z') },
    { id: 'left', email: 'left@example.com', display_name: 'Left', created_at: at('2026-02-02T00:00:00Z') },
    { id: 'twin', email: 'twin@example.com', display_name: 'Twin', created_at: at('2026-02-03T00:00:00Z') },
  ]);
  await db('organizations').insert([
    { id: 'org', title: 'Org', created_by: 'owner' },
    { id: 'evil', title: 'Evil', created_by: 'owner' },
  ]);
  await db('saml_providers').insert([
    { id: 'p1', organization_id: 'org', label: 'Okta' },
    { id: 'p2', organization_id: 'evil', label: 'Evil IdP' },
    { id: 'p3', organization_id: 'org', label: 'Twin' },
    { id: 'p4', organization_id: 'org', label: 'Twin' },
  ]);
  await db('members').insert([
    { organization_id: 'org', user_id: 'created', role: 'read', sso: true },
    { organization_id: 'evil', user_id: 'victim', role: 'admin', sso: true },
    { organization_id: 'org', user_id: 'twin', role: 'read', sso: true },
  ]);
  await db('api_tokens').insert([
    // Created by p1's sign-in: user and token in one transaction.
    { id: 't1', user_id: 'created', token_hash: 'h1', label: 'SAML sign-in (Okta)', created_at: at('2026-02-01T00:00:00Z') },
    // The takeover: an existing account signed in by p2 later (staff made the account, with an unlabelled token).
    { id: 't2', user_id: 'victim', token_hash: 'h2', label: null, created_at: at('2026-01-02T00:00:00Z') },
    { id: 't3', user_id: 'victim', token_hash: 'h3', label: 'SAML sign-in (Evil IdP)', created_at: at('2026-03-01T00:00:00Z') },
    // Created by p1 but no longer a member of its organization.
    { id: 't4', user_id: 'left', token_hash: 'h4', label: 'SAML sign-in (Okta)', created_at: at('2026-02-02T00:00:00Z') },
    // Two providers of the organization share the label: which one created them cannot be told.
    { id: 't5', user_id: 'twin', token_hash: 'h5', label: 'SAML sign-in (Twin)', created_at: at('2026-02-03T00:00:00Z') },
  ]);

  await migrate(db, schema, migrations);
  const links = async () => (await db('saml_links').select('provider_id', 'user_id', 'name_id').orderBy('user_id')).map((l) => ({ ...l }));
  expect(await links()).toEqual([{ provider_id: 'p1', user_id: 'created', name_id: null }]);

  // Removed by its owner, then the migration's SQL again (as if not recorded): the link stays removed.
  await db('saml_links').delete();
  await migrations.find((m) => m.name.startsWith('20261220000001'))!.up(db);
  expect(await links()).toEqual([]);
  expect((await db.raw(`select to_regclass(?) as t`, [`"${schema}".saml_link_codes`])).rows[0].t).not.toBeNull();
});
