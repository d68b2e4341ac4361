import type { TranslationsConfig } from '../config';
import { deeplProvider } from './deepl';
import { libreTranslate } from './libretranslate';
import type { Provider } from './translator';

/**
 * The provider the configuration names (docs/adr/0045), or what setting is missing. Keys come from the
 * configuration only: never from the database, never logged.
 */
export function providerFrom(config: TranslationsConfig): { provider: Provider } | { missing: string } {
  const batch = { batchTexts: config.TRANSLATIONS_BATCH_TEXTS, batchChars: config.TRANSLATIONS_BATCH_CHARS };
  switch (config.TRANSLATIONS_PROVIDER) {
    case 'libretranslate':
      if (!config.LIBRETRANSLATE_URL) return { missing: 'TRANSLATIONS_PROVIDER is libretranslate but LIBRETRANSLATE_URL is not set' };
      return { provider: libreTranslate({ url: config.LIBRETRANSLATE_URL, apiKey: config.LIBRETRANSLATE_API_KEY, ...batch }) };
    case 'deepl':
      if (!config.DEEPL_AUTH_KEY) return { missing: 'TRANSLATIONS_PROVIDER is deepl but DEEPL_AUTH_KEY is not set' };
      return { provider: deeplProvider({ authKey: config.DEEPL_AUTH_KEY, serverUrl: config.DEEPL_SERVER_URL, batchChars: config.TRANSLATIONS_BATCH_CHARS }) };
    case '':
      return { missing: 'No translation provider is configured: set TRANSLATIONS_PROVIDER to libretranslate (with LIBRETRANSLATE_URL) or deepl (with DEEPL_AUTH_KEY)' };
    default:
      return { missing: `TRANSLATIONS_PROVIDER is "${config.TRANSLATIONS_PROVIDER}": it must be libretranslate or deepl` };
  }
}
