import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { signUserAssertion } from '@dp/auth';
import type { Emit } from '@dp/bus';
import { TranslationsEvents } from '@dp/events';
import type { Logger } from '@dp/log';
import type { ContentWriter, PageChange, SourcePage } from '../clients/content-writer';
import { allGlossaryEntries } from '../data/glossary';
import { replaceTranslationPages, translationPages, type TranslationPageRow } from '../data/translation-pages';
import { addTranslationFiles, translationFiles } from '../data/translation-files';
import { findTranslationById, recordRun, setResultSpace, setStatus, type TranslationRow } from '../data/translations';
import { protectTerms, restoreTerms, termsFor } from '../domain/glossary';
import { instructionsText } from '../domain/instructions-text';
import { countWords, segmentMarkdown } from '../domain/markdown-segments';
import { translateAll, type RetryPolicy } from '../providers/batched';
import type { Provider } from '../providers/translator';

export interface RunDeps {
  db: Knex;
  content: ContentWriter;
  provider: Provider;
  policy: RetryPolicy;
  secret: string;
  maxPages: number;
  log: Logger;
  /** Into translations' outbox, in the transaction that records a run's pages. */
  emit: Emit;
}

/** Changes per authoring request (content's limit). */
const CHANGES_PER_REQUEST = 50;

const hashOf = (page: SourcePage) => createHash('sha256').update(`${page.title}\n${page.markdown}`).digest('hex');

/**
 * One run of a translation (docs/adr/0045), on behalf of its creator: reads the source space's pages, sends
 * the prose of the pages that changed since the last good run (new ones, edited ones) to the provider, keeps
 * the others' translations, and writes the result space (made on the first run) through one change request,
 * merged at the end: a run that fails leaves the result as it was (its change request archived) and records
 * the error. Slugs and the tree are kept, so links between pages keep working; `/pages/<id>` links are
 * pointed at the result's pages. Stats are what was sent.
 */
export async function runTranslation(deps: RunDeps, translationId: string): Promise<void> {
  const { db, content, log } = deps;
  const translation = await findTranslationById(db, translationId);
  if (!translation || translation.source_deleted_at) return;
  const previousStatus = translation.status === 'running' ? (translation.result_revision_id ? 'completed' : 'pending') : translation.status;
  await setStatus(db, translation.id, 'running');
  const on = { assertion: signUserAssertion(translation.created_by, deps.secret) };
  const started = performance.now();
  let changeRequest: { space: string; id: string } | undefined;
  try {
    const source = await content.space(translation.source_space_id, on);
    const pages = await content.pages(source.id, on);
    if (pages.length > deps.maxPages) throw new Error(`the source space has ${pages.length} pages, more than the ${deps.maxPages} a translation may have`);
    const previous = new Map((await translationPages(db, translation.id)).map((p) => [p.source_page_id, p]));
    const changed = pages.filter((p) => previous.get(p.id)?.source_hash !== hashOf(p));
    const gone = [...previous.keys()].filter((id) => !pages.some((p) => p.id === id));
    if (translation.result_space_id && translation.result_revision_id && !changed.length && !gone.length) {
      // Nothing changed since the last good run: no new revision of the result.
      await recordRun(db, translation.id, { revisionId: translation.result_revision_id, pages: 0, words: 0, durationMs: Math.round(performance.now() - started) });
      log.info({ translationId }, 'translation run: nothing changed in the source');
      return;
    }
    const { translated, words } = await translatePages(deps, translation, changed);

    let resultSpace = translation.result_space_id;
    if (!resultSpace) {
      resultSpace = (await content.createSpace(translation.organization_id, `${source.title} (${translation.language})`, translation.language, on)).id;
      await setResultSpace(db, translation.id, resultSpace);
    }
    const cr = await content.openChangeRequest(resultSpace, `Translation to ${translation.language} of ${source.title}`, on);
    changeRequest = { space: resultSpace, id: cr.id };
    const files = await copyFiles(content, { id: source.id, revision: source.revision }, changeRequest, pages, await translationFiles(db, translation.id), on);
    const resultIds = await writeResult(content, changeRequest, pages, previous, translated, files.all, on);
    await content.merge(resultSpace, cr.id, on);
    const revision = (await content.space(resultSpace, on)).revision;

    const durationMs = Math.round(performance.now() - started);
    await db.transaction(async (trx) => {
      const rows = pages.map((p) => {
        const done = translated.get(p.id) ?? previous.get(p.id)!;
        return { source_page_id: p.id, result_page_id: resultIds.get(p.id)!, source_hash: hashOf(p), title: done.title, markdown: done.markdown };
      });
      await replaceTranslationPages(trx, translation.id, rows);
      await deps.emit(
        trx,
        TranslationsEvents.TRANSLATION_COMPLETED,
        {
          translationId: translation.id,
          organizationId: translation.organization_id,
          sourceSpaceId: translation.source_space_id,
          sourceLanguage: translation.source_language,
          resultSpaceId: resultSpace,
          language: translation.language,
          pages: rows.map((r) => ({ source: r.source_page_id, result: r.result_page_id })),
        },
        translation.id,
      );
      await addTranslationFiles(trx, translation.id, files.copied);
      await recordRun(trx, translation.id, { revisionId: revision, pages: changed.length, words, durationMs });
    });
    log.info({ translationId, pages: pages.length, translatedPages: changed.length, words, durationMs }, 'translation run completed');
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (changeRequest) await content.archive(changeRequest.space, changeRequest.id, on).catch(() => undefined);
    await recordRun(db, translation.id, { error: message, status: previousStatus });
    log.warn({ translationId, reason: message }, 'translation run failed; the result space is as it was');
  }
}

/** Translates the titles and prose of `pages` (glossary terms protected), counting the words sent. */
async function translatePages(deps: RunDeps, translation: TranslationRow, pages: SourcePage[]) {
  const terms = termsFor(await allGlossaryEntries(deps.db, translation.organization_id), translation.source_language, translation.language);
  const segmented = pages.map((p) => ({ page: p, body: segmentMarkdown(p.markdown) }));
  const texts = segmented.flatMap(({ page, body }) => [page.title, ...body.segments]).map((t) => protectTerms(t, terms));
  const words = texts.reduce((sum, t) => sum + countWords(t.replace(/<[xg] id="\d+"\/>/g, ' ')), 0);
  const context = instructionsText(translation.instructions) || undefined;
  const out = texts.length
    ? await translateAll(deps.provider, { texts, source: translation.source_language, target: translation.language, context }, deps.policy, deps.log)
    : [];
  const restored = out.map((t) => restoreTerms(t, terms));
  const translated = new Map<string, Pick<TranslationPageRow, 'title' | 'markdown'>>();
  let at = 0;
  for (const { page, body } of segmented) {
    const title = restored[at++];
    const parts = restored.slice(at, at + body.segments.length);
    at += body.segments.length;
    translated.set(page.id, { title, markdown: body.rebuild(parts) });
  }
  return { translated, words };
}

/**
 * The change request's changes: pages gone from the source deleted, new ones inserted (in reading order, under
 * their parent), changed ones updated; then pages linking by id to pages made in this run pointed at them.
 * Returns the result page of every source page.
 */
async function writeResult(
  content: ContentWriter,
  cr: { space: string; id: string },
  pages: SourcePage[],
  previous: Map<string, TranslationPageRow>,
  translated: Map<string, Pick<TranslationPageRow, 'title' | 'markdown'>>,
  files: Map<string, string>,
  on: { assertion: string },
): Promise<Map<string, string>> {
  const resultIds = new Map([...previous].filter(([id]) => pages.some((p) => p.id === id)).map(([id, row]) => [id, row.result_page_id]));
  const markdownOf = (p: SourcePage) => (translated.get(p.id) ?? previous.get(p.id)!).markdown;
  const linked = (markdown: string) =>
    markdown
      .replace(/\/pages\/([A-Za-z0-9_-]+)/g, (link, id: string) => (resultIds.has(id) ? `/pages/${resultIds.get(id)}` : link))
      .replace(/\/files\/([A-Za-z0-9_-]+)/g, (link, id: string) => (files.has(id) ? `/files/${files.get(id)}` : link));
  const send = async (changes: PageChange[]) => {
    for (let i = 0; i < changes.length; i += CHANGES_PER_REQUEST) {
      for (const [ref, id] of (await content.author(cr.space, cr.id, changes.slice(i, i + CHANGES_PER_REQUEST), on)).pages) resultIds.set(ref, id);
    }
  };
  const gone = [...previous.keys()].filter((id) => !pages.some((p) => p.id === id));
  await send(gone.map((id) => ({ operation: 'delete_page', page: previous.get(id)!.result_page_id })));
  // In reading order, so that a page's parent comes before it: by id once it exists, or by its ref (its source
  // id) while it is made in the same request; a request carries at most 50 changes.
  let batch: PageChange[] = [];
  const pending = new Set<string>();
  const flush = async () => {
    await send(batch);
    batch = [];
    pending.clear();
  };
  for (const page of pages) {
    const done = translated.get(page.id);
    if (!done && resultIds.has(page.id)) continue;
    if (batch.length >= CHANGES_PER_REQUEST) await flush();
    const into = page.parent ? (resultIds.get(page.parent) ?? (pending.has(page.parent) ? page.parent : undefined)) : undefined;
    const existing = resultIds.get(page.id);
    batch.push(
      existing
        ? { operation: 'update_page', page: existing, title: done!.title, into: into ?? null, document: { markdown: linked(done!.markdown) } }
        : { operation: 'insert_page', ref: page.id, title: (done ?? previous.get(page.id)!).title, slug: page.slug, ...(into ? { into } : {}), document: { markdown: linked(markdownOf(page)) } },
    );
    if (!existing) pending.add(page.id);
  }
  await flush();
  // Second pass, now that every page exists: links by id pointed at the result's pages, and the titles of
  // the pages made in this run (content takes an inserted page's title from a leading heading).
  const second = pages.flatMap((p): PageChange[] => {
    const made = !previous.has(p.id);
    const links = /\/(pages|files)\//.test(markdownOf(p));
    if (!made && !links) return [];
    return [{ operation: 'update_page', page: resultIds.get(p.id)!, ...(made ? { title: (translated.get(p.id) ?? previous.get(p.id)!).title } : {}), ...(links ? { document: { markdown: linked(markdownOf(p)) } } : {}) }];
  });
  await send(second);
  return resultIds;
}

/** Files per insert_files change (content's limit). */
const FILES_PER_CHANGE = 20;

/**
 * The source's files the pages use (`/files/<id>` in their markdown) are copied into the result space, in the
 * run's change request, unless an earlier run copied them. Returns every copy (earlier ones included), and
 * the ones made now, by source file id.
 */
async function copyFiles(
  content: ContentWriter,
  source: { id: string; revision: string },
  cr: { space: string; id: string },
  pages: SourcePage[],
  earlier: Map<string, string>,
  on: { assertion: string },
): Promise<{ all: Map<string, string>; copied: Map<string, string> }> {
  const used = new Set(pages.flatMap((p) => [...p.markdown.matchAll(/\/files\/([A-Za-z0-9_-]+)/g)].map((m) => m[1])));
  const missing = [...used].filter((id) => !earlier.has(id));
  const copied = new Map<string, string>();
  if (missing.length) {
    const listed = new Map((await content.files(source.id, on)).map((f) => [f.id, f]));
    const toCopy = missing.flatMap((id) => (listed.has(id) ? [listed.get(id)!] : []));
    for (let i = 0; i < toCopy.length; i += FILES_PER_CHANGE) {
      const batch = toCopy.slice(i, i + FILES_PER_CHANGE);
      const files = await Promise.all(batch.map(async (f) => ({ name: f.name, contentType: f.contentType, base64: (await content.fileBytes(source.id, source.revision, f.id, on)).toString('base64') })));
      const ids = (await content.author(cr.space, cr.id, [{ operation: 'insert_files', files }], on)).files;
      batch.forEach((f, n) => copied.set(f.id, ids[n]));
    }
  }
  return { all: new Map([...earlier, ...copied]), copied };
}
