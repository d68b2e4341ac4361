import type { Logger } from '@dp/log';
import { ProviderError, type Provider, type TranslateRequest } from './translator';

export interface RetryPolicy {
  retries: number;
  backoffMs: number;
  timeoutMs: number;
}

/** Splits texts into batches within a provider's limits (count and characters), in order. Pure, unit-tested. */
export function batches(texts: string[], limits: { texts: number; chars: number }): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  for (const text of texts) {
    if (current.length && (current.length >= limits.texts || chars + text.length > limits.chars)) {
      out.push(current);
      current = [];
      chars = 0;
    }
    current.push(text);
    chars += text.length;
  }
  if (current.length) out.push(current);
  return out;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Translates any number of texts through `provider`: batch by batch within its limits, each request retried
 * on a retryable failure (429, 5xx, timeout, network) after `backoffMs * 2^attempt` (with jitter), up to
 * `retries` times; a final failure throws. Returns the translations in order.
 */
export async function translateAll(provider: Provider, request: TranslateRequest, policy: RetryPolicy, log: Logger): Promise<string[]> {
  const out: string[] = [];
  for (const batch of batches(request.texts, provider.limits)) {
    for (let attempt = 0; ; attempt++) {
      try {
        const translated = await provider.translate({ ...request, texts: batch }, policy.timeoutMs);
        if (translated.length !== batch.length) throw new ProviderError(`${provider.name} answered ${translated.length} translations for ${batch.length} texts`, false);
        out.push(...translated);
        break;
      } catch (err) {
        const retryable = err instanceof ProviderError && err.retryable;
        if (!retryable || attempt >= policy.retries) throw err;
        const delay = Math.round(policy.backoffMs * 2 ** attempt * (0.5 + Math.random() / 2));
        log.warn({ provider: provider.name, attempt: attempt + 1, delay, reason: (err as Error).message }, 'translation provider failed; retrying');
        await sleep(delay);
      }
    }
  }
  return out;
}
