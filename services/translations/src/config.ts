import { serviceConfig } from '@dp/runtime';
import type { ConfigOf } from '@dp/config';

export const translationsConfig = serviceConfig('translations', 8086, {
  CONTENT_URL: { kind: 'url', doc: 'Base URL of the content api, asked for fresh space data', default: 'http://127.0.0.1:8082' },
  TRANSLATIONS_PROVIDER: { kind: 'string', doc: 'Who translates: `libretranslate` (with LIBRETRANSLATE_URL) or `deepl` (with DEEPL_AUTH_KEY); empty: translations can be created, not run', default: '' },
  LIBRETRANSLATE_URL: { kind: 'string', doc: 'Base URL of a LibreTranslate-compatible server (its POST /translate)', default: '' },
  LIBRETRANSLATE_API_KEY: { kind: 'string', doc: "The LibreTranslate server's API key, when it wants one (never logged nor stored)", default: '' },
  DEEPL_AUTH_KEY: { kind: 'string', doc: 'DeepL API authentication key (never logged nor stored)', default: '' },
  DEEPL_SERVER_URL: { kind: 'string', doc: "DeepL API base URL; empty: the one deepl-node picks for the key (free or pro)", default: '' },
  TRANSLATIONS_PROVIDER_TIMEOUT_MS: { kind: 'int', doc: 'Time one request to the provider may take', default: '20000' },
  TRANSLATIONS_PROVIDER_RETRIES: { kind: 'int', doc: 'Retries of a provider request that failed with 429, 5xx, a timeout or a network error', default: '4' },
  TRANSLATIONS_PROVIDER_BACKOFF_MS: { kind: 'int', doc: 'Delay before the first retry; each later one doubles it (with jitter)', default: '1000' },
  TRANSLATIONS_BATCH_TEXTS: { kind: 'int', doc: 'Texts sent to the provider in one request (DeepL takes at most 50)', default: '50' },
  TRANSLATIONS_BATCH_CHARS: { kind: 'int', doc: 'Characters sent to the provider in one request', default: '20000' },
  TRANSLATIONS_MAX_PAGES: { kind: 'int', doc: 'Pages a translated space may have; a larger source fails the run with a clear error', default: '1000' },
});
export type TranslationsConfig = ConfigOf<typeof translationsConfig>;
