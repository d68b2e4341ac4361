import { hashApiToken, requireUser, type Caller } from '@dp/auth';
import { badRequest, forbidden, notFound } from '@dp/http';
import type { IdentityContext } from '../context';
import { consumeSamlLinkCode, lockOpenSamlLinkCode } from '../data/saml-link-codes';
import { findSamlLink, isLinkedToSamlProvider, upsertSamlLink, type SamlLinkWithProvider } from '../data/saml-links';
import { findUser } from '../data/users';
import { linkOwnerProblem } from '../domain/saml-links';

/**
 * The owner of an existing account confirms, signed in with their own token, the link code a SAML sign-in
 * answered for their email (docs/adr/0056): the provider may sign them in from now on. Only the account of the
 * asserted email may confirm it (403, the code stays usable); a code is used once and expires (400).
 */
export async function linkSamlAccount(ctx: IdentityContext, caller: Caller, code: string): Promise<{ link: SamlLinkWithProvider; created: boolean }> {
  const userId = requireUser(caller);
  return ctx.db.transaction(async (trx) => {
    const pending = await lockOpenSamlLinkCode(trx, hashApiToken(code));
    if (!pending) throw badRequest('This link code is unknown, used or expired: sign in through the SAML provider again for a new one');
    const user = await findUser(trx, userId);
    if (!user) throw notFound('User');
    const problem = linkOwnerProblem(pending.email, user.email);
    if (problem) throw forbidden(problem);
    const existed = await isLinkedToSamlProvider(trx, pending.provider_id, userId);
    await upsertSamlLink(trx, { provider_id: pending.provider_id, user_id: userId, name_id: pending.name_id });
    await consumeSamlLinkCode(trx, pending.code_hash);
    const link = await findSamlLink(trx, pending.provider_id, userId);
    if (!link) throw notFound('SAML provider');
    return { link, created: !existed };
  });
}
