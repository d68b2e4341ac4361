import { fetchOutbound, OutboundError } from '@dp/outbound';
import { ProviderError, type Provider } from './translator';

/** Our language codes to LibreTranslate's (its Portuguese is one, its traditional Chinese `zt`). */
const CODES: Record<string, string> = { 'pt-br': 'pt', 'zh-tw': 'zt', yue: 'zt' };

/**
 * A LibreTranslate-compatible server (self-hostable): POST `<url>/translate` `{q: [...], source, target,
 * format: "html", api_key}`, answered `{translatedText: [...]}`. HTML format keeps our protected tags. The URL
 * is the operator's (LIBRETRANSLATE_URL), reached through the one outbound client with its host allowed.
 */
export function libreTranslate(config: { url: string; apiKey: string; batchTexts: number; batchChars: number }): Provider {
  const endpoint = `${config.url.replace(/\/+$/, '')}/translate`;
  const allow = [new URL(config.url).hostname];
  return {
    name: 'LibreTranslate',
    limits: { texts: config.batchTexts, chars: config.batchChars },
    async translate({ texts, source, target }, timeoutMs) {
      let res;
      try {
        res = await fetchOutbound(endpoint, {
          allow,
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ q: texts, source: CODES[source] ?? source, target: CODES[target] ?? target, format: 'html', ...(config.apiKey ? { api_key: config.apiKey } : {}) }),
          timeoutMs,
          anyStatus: true,
        });
      } catch (err) {
        if (err instanceof OutboundError) throw new ProviderError(`LibreTranslate: ${err.message}`, err.code === 'TIMEOUT' || err.code === 'NETWORK');
        throw err;
      }
      if (res.status === 429 || res.status >= 500) throw new ProviderError(`LibreTranslate answered ${res.status}`, true);
      if (res.status !== 200) throw new ProviderError(`LibreTranslate answered ${res.status}: ${res.body.toString('utf8', 0, 300)}`, false);
      const answer: unknown = JSON.parse(res.body.toString('utf8'));
      const translated = answer && typeof answer === 'object' && 'translatedText' in answer ? answer.translatedText : undefined;
      if (!Array.isArray(translated) || !translated.every((t): t is string => typeof t === 'string')) throw new ProviderError('LibreTranslate answered without translatedText', false);
      return translated;
    },
  };
}
