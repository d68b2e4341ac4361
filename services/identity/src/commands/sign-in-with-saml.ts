import type { Knex } from 'knex';
import { hashApiToken } from '@dp/auth';
import { newId, isUniqueViolation } from '@dp/db';
import { IdentityEvents } from '@dp/events';
import { badRequest, conflict, notFound } from '@dp/http';
import type { IdentityContext } from '../context';
import { insertApiToken } from '../data/api-tokens';
import { takeInvitesForEmail } from '../data/invites';
import { insertMember } from '../data/members';
import { findSamlProviderById, lockSamlProviderForSignIn, type SamlProviderRow } from '../data/saml-providers';
import { consumeSamlRequest } from '../data/saml-requests';
import { markMemberSso } from '../data/sso-members';
import { insertTeamMember } from '../data/team-members';
import { lockTeam } from '../data/teams';
import { findUserByEmail, insertUser, type UserRow } from '../data/users';
import { configuredIdp, SSO_TOKEN_LIFETIME_MS, ssoTokenLabel } from '../domain/saml-providers';
import { relayStateProblem } from '../domain/saml-sign-in';
import { newApiToken } from '../domain/tokens';
import type { AcsForm } from '../schemas/sso';
import { verifySamlResponse, type VerifiedSamlResponse } from './saml-response';

/**
 * The identity provider's answer arrives at the ACS URL. Verified first (commands/saml-response.ts), then, in
 * one transaction: the provider still exists (a provider deleted since the sign-in started: 404, its requests
 * went with it), the request it answers is consumed (a replay finds it used: 400), and the person is signed in:
 * their user created if new, made a member with the provider's role (an existing member keeps theirs and is
 * marked SSO), added to its default team, and given a new API token (labelled, valid SSO_TOKEN_LIFETIME_MS). Any refusal rolls everything back.
 */
export async function signInWithSaml(ctx: IdentityContext, samlProviderId: string, form: AcsForm): Promise<{ user: UserRow; token: string }> {
  const provider = await findSamlProviderById(ctx.db, samlProviderId);
  if (!provider) throw notFound('SAML provider');
  const idp = configuredIdp(provider);
  if (!idp) throw conflict('This SAML provider is not configured yet: its entityID, ssoURL and certificate must all be set');
  const verified = await verifySamlResponse(ctx, provider.id, idp, form);
  return ctx.db
    .transaction(async (trx) => {
      // Locked for share: a concurrent delete waits for this sign-in, or this sign-in sees the provider gone.
      const current = await lockSamlProviderForSignIn(trx, provider.id);
      if (!current) throw notFound('SAML provider');
      const request = await consumeSamlRequest(trx, verified.requestId, provider.id);
      if (!request) throw badRequest('SAML response refused: the sign-in it answers was already completed or has expired (a replayed response?): start again');
      const relay = relayStateProblem(request.relay_state, form.RelayState);
      if (relay) throw badRequest(`SAML response refused: ${relay}`);
      const user = await findOrCreateUser(ctx, trx, verified);
      await provisionMember(ctx, trx, current, user.id);
      const token = newApiToken();
      await insertApiToken(trx, {
        id: newId(),
        user_id: user.id,
        token_hash: hashApiToken(token),
        label: ssoTokenLabel(current.label),
        expires_at: new Date(Date.now() + SSO_TOKEN_LIFETIME_MS),
      });
      return { user, token };
    })
    .catch((err: unknown) => {
      // Two first sign-ins of one new email at once: the second finds the email taken when it inserts.
      if (isUniqueViolation(err)) throw conflict('Another sign-in created this user at the same moment: start again');
      throw err;
    });
}

/** The user with the response's email, or a new one (with the invites pending for that email, as staff creation does). */
async function findOrCreateUser(ctx: IdentityContext, trx: Knex.Transaction, who: VerifiedSamlResponse): Promise<UserRow> {
  const existing = await findUserByEmail(trx, who.email);
  if (existing) return existing;
  const user = await insertUser(trx, { id: newId(), email: who.email, display_name: who.displayName });
  await ctx.emit(trx, IdentityEvents.USER_CREATED, { userId: user.id, email: user.email, displayName: user.display_name }, user.id);
  for (const invite of await takeInvitesForEmail(trx, user.email)) {
    if (await insertMember(trx, { organization_id: invite.organization_id, user_id: user.id, role: invite.role })) {
      await ctx.emit(trx, IdentityEvents.MEMBER_ADDED, { organizationId: invite.organization_id, userId: user.id, role: invite.role }, invite.organization_id);
    }
  }
  return user;
}

/** Membership through the provider: new members get its default role (null: guest); everyone lands in its default team. */
async function provisionMember(ctx: IdentityContext, trx: Knex.Transaction, provider: SamlProviderRow, userId: string): Promise<void> {
  const organizationId = provider.organization_id;
  if (await insertMember(trx, { organization_id: organizationId, user_id: userId, role: provider.default_role, sso: true })) {
    await ctx.emit(trx, IdentityEvents.MEMBER_ADDED, { organizationId, userId, role: provider.default_role, sso: true }, organizationId);
  } else {
    // Their role is left as an admin set it; `sso` changes no access, so no member event (the gateway's cache holds roles only).
    await markMemberSso(trx, organizationId, userId);
  }
  if (provider.default_team_id && (await lockTeam(trx, organizationId, provider.default_team_id))) {
    const teamId = provider.default_team_id;
    if (await insertTeamMember(trx, { team_id: teamId, organization_id: organizationId, user_id: userId, role: 'member' })) {
      await ctx.emit(trx, IdentityEvents.TEAM_MEMBER_ADDED, { organizationId, teamId, userId, role: 'member' }, organizationId);
    }
  }
}
