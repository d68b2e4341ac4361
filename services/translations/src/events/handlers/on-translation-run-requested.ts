import { defineHandler } from '@dp/bus';
import { TranslationsEvents } from '@dp/events';
import { serviceClient, serviceDownload } from '@dp/http';
import type { AppDeps } from '@dp/runtime';
import { contentWriter } from '../../clients/content-writer';
import { runTranslation } from '../../commands/run-translation';
import type { TranslationsConfig } from '../../config';
import { providerFrom } from '../../providers';

/**
 * A translation is to be run: the worker runs it (docs/adr/0045), calling content and the provider outside
 * the delivery's transaction (the run writes its outcome itself). Without a provider, nothing runs: the run
 * API refuses with the missing setting, and a run asked by an event is skipped with that reason logged.
 */
export function onTranslationRunRequested({ db, config }: AppDeps<TranslationsConfig>) {
  const content = contentWriter(serviceClient(config.CONTENT_URL, { serviceName: 'content', timeoutMs: 30_000 }), serviceDownload(config.CONTENT_URL, { serviceName: 'content', timeoutMs: 30_000 }));
  const policy = { retries: config.TRANSLATIONS_PROVIDER_RETRIES, backoffMs: config.TRANSLATIONS_PROVIDER_BACKOFF_MS, timeoutMs: config.TRANSLATIONS_PROVIDER_TIMEOUT_MS };
  return defineHandler(TranslationsEvents.TRANSLATION_RUN_REQUESTED, async (event, _trx, eventLog, emit) => {
    const chosen = providerFrom(config);
    if ('missing' in chosen) {
      eventLog.warn({ translationId: event.data.translationId, reason: chosen.missing }, 'translation not run');
      return;
    }
    await runTranslation({ db, content, provider: chosen.provider, policy, secret: config.INTERNAL_AUTH_SECRET, maxPages: config.TRANSLATIONS_MAX_PAGES, log: eventLog, emit }, event.data.translationId);
  });
}
