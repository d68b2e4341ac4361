import { hashApiToken } from '@dp/auth';
import type { ServiceDefinition } from '@dp/runtime';
import { migrations } from '../migrations';
import { createApp } from './app';
import { identityConfig } from './config';
import { saveStaffTokenHash } from './data/staff-tokens';
import { handlers } from './events';
import { expireAuditLogJob } from './jobs/expire-audit-events';

export const identityService: ServiceDefinition<typeof identityConfig> = {
  context: 'identity',
  config: identityConfig,
  migrations,
  // The gateway recognises the staff token through principal_for_token_hash: it needs the hash of the
  // token this process was configured with (ADMIN_TOKEN), recorded before the first request.
  prepare: async ({ db, config, log }) => {
    // Only the api needs it (the worker shares the config): required here rather than in the config.
    if (!config.ADMIN_TOKEN) throw new Error('ADMIN_TOKEN is required by the identity api: the staff token allowed to call POST /v1/admin/users');
    await saveStaffTokenHash(db, 'admin', hashApiToken(config.ADMIN_TOKEN));
    log.info('staff token recorded');
  },
  createApp,
  handlers,
  jobs: () => [expireAuditLogJob],
};
export * from './operator';
