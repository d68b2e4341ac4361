/**
 * What an operator does to identity from the admin CLI (infra/admin, docs/adr/0049), through the same
 * commands and queries as the API: a user made here gets a token the gateway accepts, a revocation here
 * reaches every gateway through the same event.
 */
export type { IdentityContext } from './context';
export type { IdentityConfig } from './config';
export { createUser } from './commands/create-user';
export { createOrganization } from './commands/create-organization';
export { revokeToken } from './commands/revoke-api-token';
export { listApiTokensWithOwners } from './data/api-tokens';
export { findUser, findUserByEmail } from './data/users';
export { presentApiToken } from './presenters/api-token';
export { presentUser } from './presenters/user';
export { presentOrganization } from './presenters/organization';
export { createUserBody } from './schemas/admin';
export { createOrganizationBody } from './schemas/organizations';
