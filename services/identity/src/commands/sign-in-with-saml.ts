import type { Knex } from 'knex';
import { hashApiToken } from '@dp/auth';
import { newId, isUniqueViolation } from '@dp/db';
import { IdentityEvents } from '@dp/events';
import { badRequest, conflict, HttpError, notFound } from '@dp/http';
import type { IdentityContext } from '../context';
import { insertApiToken } from '../data/api-tokens';
import { takeInvitesForEmail } from '../data/invites';
import { insertMember } from '../data/members';
import { insertSamlLinkCode, purgeExpiredSamlLinkCodes } from '../data/saml-link-codes';
import { isLinkedToSamlProvider, upsertSamlLink } from '../data/saml-links';
import { findSamlProviderById, lockSamlProviderForSignIn, type SamlProviderRow } from '../data/saml-providers';
import { consumeSamlRequest } from '../data/saml-requests';
import { markMemberSso } from '../data/sso-members';
import { insertTeamMember } from '../data/team-members';
import { lockTeam } from '../data/teams';
import { findUserByEmail, insertUser, type UserRow } from '../data/users';
import { linkRequiredMessage, newSamlLinkCode, samlLinkCodeTtlMinutes, samlSignInPlan } from '../domain/saml-links';
import { configuredIdp, SSO_TOKEN_LIFETIME_MS, ssoTokenLabel } from '../domain/saml-providers';
import { relayStateProblem } from '../domain/saml-sign-in';
import { newApiToken } from '../domain/tokens';
import type { AcsForm } from '../schemas/sso';
import { verifySamlResponse, type VerifiedSamlResponse } from './saml-response';

type Outcome = { kind: 'signed-in'; user: UserRow; token: string } | { kind: 'link-required'; code: string; ttlMinutes: number };

/**
 * The IdP's answer at the ACS URL: verified (./saml-response.ts), then in one transaction the provider must still
 * exist (404), its request is consumed (a replay: 400), and the person is signed in only if this provider may
 * (docs/adr/0056): a new email becomes a user linked to it, a linked user signs in, any other account gets only a
 * 409 with a link code. Signed in: a member with the provider's role (an existing member keeps theirs, marked SSO),
 * in its default team, with a new token valid SSO_TOKEN_LIFETIME_MS. Any other refusal rolls everything back.
 */
export async function signInWithSaml(ctx: IdentityContext, samlProviderId: string, form: AcsForm): Promise<{ user: UserRow; token: string }> {
  const provider = await findSamlProviderById(ctx.db, samlProviderId);
  if (!provider) throw notFound('SAML provider');
  const idp = configuredIdp(provider);
  if (!idp) throw conflict('This SAML provider is not configured yet: its entityID, ssoURL and certificate must all be set');
  const verified = await verifySamlResponse(ctx, provider.id, idp, form);
  const outcome = await ctx.db
    .transaction(async (trx): Promise<Outcome> => {
      // Locked for share: a concurrent delete waits for this sign-in, or this sign-in sees the provider gone.
      const current = await lockSamlProviderForSignIn(trx, provider.id);
      if (!current) throw notFound('SAML provider');
      const request = await consumeSamlRequest(trx, verified.requestId, provider.id);
      if (!request) throw badRequest('SAML response refused: the sign-in it answers was already completed or has expired (a replayed response?): start again');
      const relay = relayStateProblem(request.relay_state, form.RelayState);
      if (relay) throw badRequest(`SAML response refused: ${relay}`);
      const existing = await findUserByEmail(trx, verified.email);
      const plan = samlSignInPlan(existing, !!existing && (await isLinkedToSamlProvider(trx, current.id, existing.id)));
      if (plan.kind === 'link-required') return issueLinkCode(ctx, trx, current, verified);
      const user = plan.kind === 'create' ? await createLinkedUser(ctx, trx, current, verified) : plan.user;
      await provisionMember(ctx, trx, current, user.id);
      const token = newApiToken();
      await insertApiToken(trx, {
        id: newId(),
        user_id: user.id,
        token_hash: hashApiToken(token),
        label: ssoTokenLabel(current.label),
        expires_at: new Date(Date.now() + SSO_TOKEN_LIFETIME_MS),
      });
      return { kind: 'signed-in', user, token };
    })
    .catch((err: unknown) => {
      // Two first sign-ins of one new email at once: the second finds the email taken when it inserts.
      if (isUniqueViolation(err)) throw conflict('Another sign-in created this user at the same moment: start again');
      throw err;
    });
  // Thrown after the commit: the used-up request and the code's hash stay, nothing else was written.
  if (outcome.kind === 'link-required') throw new HttpError(409, linkRequiredMessage(outcome.code, outcome.ttlMinutes), { linkCode: outcome.code });
  return outcome;
}

/** A code for the owner of the existing account to confirm the link with; only its hash is kept. */
async function issueLinkCode(ctx: IdentityContext, trx: Knex.Transaction, provider: SamlProviderRow, who: VerifiedSamlResponse): Promise<Outcome> {
  await purgeExpiredSamlLinkCodes(trx);
  const code = newSamlLinkCode();
  const ttlMinutes = samlLinkCodeTtlMinutes(ctx.config.SAML_LINK_CODE_TTL_MINUTES);
  await insertSamlLinkCode(trx, { code_hash: hashApiToken(code), provider_id: provider.id, email: who.email, name_id: who.subject, ttlMs: ttlMinutes * 60_000 });
  return { kind: 'link-required', code, ttlMinutes };
}

/** A new user, created by this provider and so linked to it, with the invites pending for that email (as staff creation does). */
async function createLinkedUser(ctx: IdentityContext, trx: Knex.Transaction, provider: SamlProviderRow, who: VerifiedSamlResponse): Promise<UserRow> {
  const user = await insertUser(trx, { id: newId(), email: who.email, display_name: who.displayName });
  await upsertSamlLink(trx, { provider_id: provider.id, user_id: user.id, name_id: who.subject });
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
