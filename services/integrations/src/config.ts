import { serviceConfig } from '@dp/runtime';
import type { ConfigOf } from '@dp/config';

export const integrationsConfig = serviceConfig('integrations', 8085, {
  IDENTITY_URL: {
    kind: 'url',
    doc: 'Base URL of the identity api, asked for an organization integrations has no copy of yet',
    default: 'http://127.0.0.1:8081',
  },
});
export type IntegrationsConfig = ConfigOf<typeof integrationsConfig>;
