import type { Knex } from 'knex';
import type { ListParams } from '@dp/http';
import { paginate } from '@dp/db';

/** A user's link to a SAML provider: that provider may sign them in (docs/adr/0056). */
export interface SamlLinkRow {
  seq: string;
  provider_id: string;
  user_id: string;
  /** The assertion's subject when the link was made; null for links the migration made. */
  name_id: string | null;
  created_at: Date;
}

/** A link with what its owner is shown of the provider: its label and organization. */
export type SamlLinkWithProvider = SamlLinkRow & { provider_label: string; organization_id: string };

export async function isLinkedToSamlProvider(db: Knex, providerId: string, userId: string): Promise<boolean> {
  return (await db('saml_links').where({ provider_id: providerId, user_id: userId }).first('user_id')) !== undefined;
}

/** Links a user to a provider, or records the new subject of an existing link. */
export async function upsertSamlLink(db: Knex, row: { provider_id: string; user_id: string; name_id: string }): Promise<void> {
  await db('saml_links').insert(row).onConflict(['provider_id', 'user_id']).merge(['name_id']);
}

const withProvider = (db: Knex) =>
  db('saml_links as l').join('saml_providers as p', 'p.id', 'l.provider_id').select('l.*', 'p.label as provider_label', 'p.organization_id');

export const findSamlLink = (db: Knex, providerId: string, userId: string): Promise<SamlLinkWithProvider | undefined> =>
  withProvider(db).where({ 'l.provider_id': providerId, 'l.user_id': userId }).first();

/** A user's links, oldest first. */
export const listSamlLinksOfUser = (db: Knex, userId: string, params: ListParams) =>
  paginate<SamlLinkWithProvider>(withProvider(db).where('l.user_id', userId), params, { key: 'l.seq' });

/** Removes a user's link to a provider; returns whether there was one. */
export async function deleteSamlLink(db: Knex, providerId: string, userId: string): Promise<boolean> {
  return (await db('saml_links').where({ provider_id: providerId, user_id: userId }).delete()) > 0;
}
