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
  SAML_LINK_CODE_TTL_MINUTES: {
    kind: 'int',
    doc: "How long the link code a SAML sign-in answers for an existing account that is not linked to the provider works (minutes; the account's owner confirms it with POST /v1/user/saml-links; docs/adr/0056)",
    default: '15',
  },
  AUDIT_RETENTION_DAYS: { kind: 'int', doc: "How long organizations' audit log entries are kept (days); the identity worker removes older ones hourly (docs/adr/0095)", default: '365' },
});
export type IdentityConfig = ConfigOf<typeof identityConfig>;
