import type { Knex } from 'knex';
import { badRequest } from '@dp/http';
import type { IdentityContext } from '../context';
import { lockTeam } from '../data/teams';
import { certificateProblem, ssoUrlProblem } from '../domain/saml-providers';

/**
 * The checks of a provider's fields that its schema cannot express, shared by creation and update: the
 * certificate parses, the ssoURL is https (or an allowed http host), the default team is a team of the
 * organization (locked until the transaction ends, so it is not deleted under the write). Each failure is a
 * 400 naming its field.
 */
export async function checkSamlProviderInput(
  ctx: IdentityContext,
  trx: Knex.Transaction,
  organizationId: string,
  input: { certificate?: string; ssoURL?: string; defaultTeam?: string | null },
): Promise<void> {
  const problem =
    (input.certificate !== undefined ? certificateProblem(input.certificate) : undefined) ??
    (input.ssoURL !== undefined ? ssoUrlProblem(input.ssoURL, ctx.config.SAML_ALLOWED_HTTP_HOSTS) : undefined);
  if (problem) throw badRequest(problem);
  if (input.defaultTeam && !(await lockTeam(trx, organizationId, input.defaultTeam))) {
    throw badRequest(`body.defaultTeam ${input.defaultTeam} is not a team of this organization`);
  }
}
