import { serviceConfig } from '@dp/runtime';
import type { ConfigOf } from '@dp/config';

export const translationsConfig = serviceConfig('translations', 8086, {
  CONTENT_URL: { kind: 'url', doc: 'Base URL of the content api, asked for fresh space data', default: 'http://127.0.0.1:8082' },
});
export type TranslationsConfig = ConfigOf<typeof translationsConfig>;
