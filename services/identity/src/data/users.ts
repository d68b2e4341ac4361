import type { Knex } from 'knex';

export interface UserRow {
  seq: string;
  id: string;
  email: string;
  display_name: string;
  photo_url: string | null;
  created_at: Date;
}

export const findUser = (db: Knex, id: string) => db<UserRow>('users').where({ id }).first();

/** Those of `ids` that are users of the platform. */
export const existingUserIds = (db: Knex, ids: string[]): Promise<string[]> => db('users').whereIn('id', ids).pluck('id');

export const findUserByEmail = (db: Knex, email: string) => db<UserRow>('users').whereRaw('lower(email) = lower(?)', [email]).first();

export const findUsersByEmails = (db: Knex, emails: string[]) =>
  db<UserRow>('users').whereRaw('lower(email) = any(?)', [emails.map((e) => e.toLowerCase())]);

export async function insertUser(db: Knex, row: { id: string; email: string; display_name: string }): Promise<UserRow> {
  const [user] = await db<UserRow>('users').insert(row).returning('*');
  return user;
}
