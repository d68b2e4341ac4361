import { serviceConfig } from '@dp/runtime';
import type { ConfigOf } from '@dp/config';

export const identityConfig = serviceConfig('identity', 8081, {
  ADMIN_TOKEN: {
    kind: 'string',
    doc: 'Staff token allowed to call POST /v1/admin/users; the identity api refuses to start without it (npm start generates one when unset)',
    default: '',
  },
});
export type IdentityConfig = ConfigOf<typeof identityConfig>;
