import type { Command } from 'commander';
import { parseValid } from '@dp/http';
import { createOrganization, createOrganizationBody, createUser, createUserBody, presentOrganization, presentUser } from '@dp/identity';
import type { AdminContext } from '../context';
import { print, table } from '../output';

/** `users create`: how an operator makes the first users of a deployment (as POST /v1/admin/users does). */
export function registerUsers(program: Command, { deployment, io }: AdminContext): void {
  const users = program.command('users').description('users of the deployment (identity)');

  users
    .command('create')
    .description('create a user and print their id and an API token (shown once: only its hash is stored)')
    .requiredOption('--email <email>', "the user's email")
    .requiredOption('--name <name>', 'their display name')
    .option('--org <title>', 'also create an organization with this title, the user its admin')
    .option('--json', 'print JSON ({user, token, organization?}) instead of text')
    .addHelpText('after', '\nExample:\n  npm run admin -- users create --email ada@example.com --name "Ada Lovelace" --org "Acme Docs"')
    .action(async (opts: { email: string; name: string; org?: string; json?: boolean }) => {
      // Both checked before anything is written: a bad title must not leave a user behind.
      const input = parseValid(createUserBody, { email: opts.email, displayName: opts.name }, 'options');
      const orgInput = opts.org === undefined ? undefined : parseValid(createOrganizationBody, { title: opts.org }, 'options.org');
      const ctx = await deployment.identity();
      // One transaction (each command's own becomes a savepoint in it): the user, their token and the
      // organization are written together or not at all, and their events with them.
      const { user, token, org } = await ctx.db.transaction(async (trx) => {
        const inTrx = { ...ctx, db: trx };
        const created = await createUser(inTrx, input);
        return { ...created, org: orgInput && (await createOrganization(inTrx, created.user.id, orgInput)) };
      });
      print(
        io,
        opts.json,
        { user: presentUser(user, ctx.links), token, ...(org ? { organization: presentOrganization(org, 'admin', ctx.links) } : {}) },
        () =>
          table(
            [['field', 'FIELD'], ['value', 'VALUE']],
            [
              { field: 'user id', value: user.id },
              { field: 'email', value: user.email },
              { field: 'name', value: user.display_name },
              ...(org ? [{ field: 'organization id', value: org.id }, { field: 'organization', value: `${org.title} (admin)` }] : []),
              { field: 'token', value: token },
            ],
          ) + 'The token is shown once: keep it now.\n',
      );
    });
}
