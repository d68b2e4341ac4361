import type { Migration } from '@dp/db';
import { createUsersAndTokens } from './20261122000001_create_users_and_tokens';
import { createOrganizationsAndMembers } from './20261122000002_create_organizations_and_members';
import { principalFunction } from './20261122000003_principal_function';

export const migrations: Migration[] = [createUsersAndTokens, createOrganizationsAndMembers, principalFunction];
