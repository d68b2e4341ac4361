import type { Command } from 'commander';
import { parseValid, presentPage } from '@dp/http';
import { findUser, findUserByEmail, listApiTokensWithOwners, presentApiToken, revokeToken } from '@dp/identity';
import type { AdminContext } from '../context';
import { AdminError } from '../errors';
import { print, table } from '../output';

const listOptions = {
  type: 'object',
  properties: { limit: { type: 'integer', minimum: 1, maximum: 1000 }, page: { type: 'string', minLength: 1 } },
  required: ['limit'],
  additionalProperties: false,
} as const;

/** `tokens list` and `tokens revoke`: API tokens as staff sees them (docs/guides/api-tokens.md, docs/adr/0037). */
export function registerTokens(program: Command, { deployment, io }: AdminContext): void {
  const tokens = program.command('tokens').description('API tokens (identity)');

  tokens
    .command('list')
    .description("list API tokens, oldest first, with their owner's email and status (never the secret)")
    .option('--user <idOrEmail>', "only this user's tokens (a user id, or an email)")
    .option('--limit <n>', 'at most this many (1-1000)', '100')
    .option('--page <cursor>', 'the page after a previous list (its "next" cursor)')
    .option('--json', 'print JSON ({next?, count, items}, as GET /v1/user/tokens) instead of a table')
    .action(async (opts: { user?: string; limit: string; page?: string; json?: boolean }) => {
      const params = parseValid(listOptions, { limit: Number(opts.limit), ...(opts.page ? { page: opts.page } : {}) }, 'options');
      const ctx = await deployment.identity();
      let userId: string | undefined;
      if (opts.user !== undefined) {
        const user = opts.user.includes('@') ? await findUserByEmail(ctx.db, opts.user) : await findUser(ctx.db, opts.user);
        if (!user) throw new AdminError(`no user ${opts.user}`);
        userId = user.id;
      }
      const page = await listApiTokensWithOwners(ctx.db, { userId }, params);
      const now = new Date();
      const listed = presentPage(page, (token) => ({ ...presentApiToken(token, now), userId: token.user_id, email: token.email }));
      print(io, opts.json, listed, () => {
        const rows = listed.items.map((t) => ({ ...t, createdAt: t.createdAt.slice(0, 19), expiresAt: t.expiresAt?.slice(0, 19), revokedAt: t.revokedAt?.slice(0, 19) }));
        const more = listed.next ? `more: --page ${listed.next.page}\n` : '';
        return `${table(
          [['id', 'ID'], ['email', 'USER'], ['label', 'LABEL'], ['status', 'STATUS'], ['createdAt', 'CREATED'], ['expiresAt', 'EXPIRES'], ['revokedAt', 'REVOKED']],
          rows,
        )}${listed.count} token(s)\n${more}`;
      });
    });

  tokens
    .command('revoke')
    .description('revoke an API token: every gateway refuses it on its next request (identity.token.revoked)')
    .argument('<tokenId>', 'the id `tokens list` shows')
    .option('--json', 'print JSON ({tokenId, revoked: true}) instead of text')
    .action(async (tokenId: string, opts: { json?: boolean }) => {
      const ctx = await deployment.identity();
      // revokedBy null: staff, as DELETE /v1/admin/tokens/{tokenId} with the staff token records it.
      if (!(await revokeToken(ctx, tokenId, { revokedBy: null }))) throw new AdminError(`no live token ${tokenId} (unknown, or revoked already)`);
      print(io, opts.json, { tokenId, revoked: true }, () => `revoked token ${tokenId}\n`);
    });
}
