import { serviceConfig } from '@dp/runtime';
import type { ConfigOf } from '@dp/config';

export const identityConfig = serviceConfig('identity', 8081, {
  ADMIN_TOKEN: {
    kind: 'string',
    doc: 'Staff token allowed to call POST /v1/admin/users; the identity api refuses to start without it (npm start generates one when unset)',
    default: '',
  },
  SAML_ALLOWED_HTTP_HOSTS: {
    kind: 'list',
    doc: "Comma-separated hosts a SAML provider's ssoURL may use plain http on (empty: https only; e.g. 127.0.0.1 for an identity provider on the same machine in development or tests)",
    default: '',
  },
});
export type IdentityConfig = ConfigOf<typeof identityConfig>;
