import { serviceConfig } from '@dp/runtime';
import type { ConfigOf } from '@dp/config';

export const sitesConfig = serviceConfig('sites', 8083, {
  CONTENT_URL: { kind: 'url', doc: 'Base URL of the content api, asked for fresh space data', default: 'http://127.0.0.1:8082' },
  CUSTOM_HOSTNAME_TARGET: {
    kind: 'string',
    doc: "The host a custom hostname's CNAME must name for its DNS check to pass, e.g. the operator's reverse proxy (empty: the host of SITES_PUBLIC_URL; docs/adr/0092)",
    default: '',
  },
  CUSTOM_HOSTNAME_DNS_SERVERS: {
    kind: 'list',
    doc: 'Comma-separated resolvers (`ip` or `ip:port`) that DNS checks of custom hostnames ask (empty: the system resolvers)',
    default: '',
  },
  CUSTOM_HOSTNAME_DNS_TIMEOUT_MS: { kind: 'int', doc: "Longest a custom hostname's DNS check may take before it ends as `internal_error` (milliseconds)", default: '3000' },
});
export type SitesConfig = ConfigOf<typeof sitesConfig>;
