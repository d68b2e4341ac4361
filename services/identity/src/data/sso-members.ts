import type { Knex } from 'knex';

/**
 * Marks an existing membership as provisioned by single sign-on (their role stays as it is). Returns whether it
 * changed. Here rather than in members.ts, which the SAML sign-in does not own.
 */
export async function markMemberSso(db: Knex, organizationId: string, userId: string): Promise<boolean> {
  return (await db('members').where({ organization_id: organizationId, user_id: userId, sso: false }).update({ sso: true })) > 0;
}
