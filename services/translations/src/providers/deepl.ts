import type * as DeepL from 'deepl-node';
import { ProviderError, type Provider } from './translator';

/** DeepL's source languages have no variants; its targets do (English and Portuguese must say which). */
const SOURCE: Record<string, string> = { 'pt-br': 'pt', 'zh-tw': 'zh', yue: 'zh' };
const TARGET: Record<string, string> = { en: 'en-US', pt: 'pt-PT', 'pt-br': 'pt-BR', zh: 'zh-HANS', 'zh-tw': 'zh-HANT', yue: 'zh-HANT' };

/**
 * DeepL through its official client, `deepl-node`: HTML tag handling keeps our protected tags, the
 * translation's instructions go as `context`. At most 50 texts per request (DeepL's limit).
 */
export function deeplProvider(config: { authKey: string; serverUrl: string; batchChars: number }): Provider {
  // deepl-node (and axios) load with the first translation, not with every translations process.
  let client: Promise<{ deepl: typeof DeepL; translator: DeepL.Translator }> | undefined;
  const load = () =>
    (client ??= import('deepl-node').then((deepl) => ({ deepl, translator: new deepl.Translator(config.authKey, { ...(config.serverUrl ? { serverUrl: config.serverUrl } : {}), maxRetries: 0 }) })));
  return {
    name: 'DeepL',
    limits: { texts: 50, chars: config.batchChars },
    async translate({ texts, source, target, context }, timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const { deepl, translator } = await load();
      try {
        // Our codes are DeepL's once mapped; a language DeepL lacks is its 400, reported as a final failure.
        const sourceCode = (SOURCE[source] ?? source) as DeepL.SourceLanguageCode;
        const targetCode = (TARGET[target] ?? target) as DeepL.TargetLanguageCode;
        const results = await Promise.race([
          translator.translateText(texts, sourceCode, targetCode, { tagHandling: 'html', ...(context ? { context } : {}) }),
          new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new ProviderError(`DeepL did not answer within ${timeoutMs} ms`, true)), timeoutMs))),
        ]);
        return results.map((r) => r.text);
      } catch (err) {
        if (err instanceof ProviderError) throw err;
        if (err instanceof deepl.TooManyRequestsError) throw new ProviderError('DeepL answered 429 (too many requests)', true);
        if (err instanceof deepl.ConnectionError) throw new ProviderError(`DeepL: ${err.message}`, true);
        if (err instanceof deepl.DeepLError) throw new ProviderError(`DeepL: ${err.message}`, /5\d\d|service unavailable|internal/i.test(err.message));
        throw err;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
