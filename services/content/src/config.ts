import { serviceConfig } from '@dp/runtime';
import { outboundConfig, type ConfigOf } from '@dp/config';

export const contentConfig = serviceConfig('content', 8082, {
  CONTENT_RESTORE_WINDOW_DAYS: { kind: 'int', doc: 'Days a deleted space can be restored before it is purged for good', default: '7' },
  SITES_URL: { kind: 'url', doc: 'Base URL of the sites api, asked where a space is published when GET SPACE has a shareKey', default: 'http://127.0.0.1:8083' },
  CONTENT_PURGE_INTERVAL_MS: { kind: 'int', doc: 'How often the worker purges spaces past the restore window', default: '3600000' },
  ...outboundConfig,
});
export type ContentConfig = ConfigOf<typeof contentConfig>;
