import { serviceConfig } from '@dp/runtime';
import { ConfigError, outboundConfig, type ConfigOf } from '@dp/config';
import type { MarkdownRendererOptions } from '@dp/markdown-html';

export const contentConfig = serviceConfig('content', 8082, {
  CONTENT_RESTORE_WINDOW_DAYS: { kind: 'int', doc: 'Days a deleted space can be restored before it is purged for good', default: '7' },
  SITES_URL: { kind: 'url', doc: 'Base URL of the sites api, asked where a space is published when GET SPACE has a shareKey', default: 'http://127.0.0.1:8083' },
  OPENAPI_URL: { kind: 'url', doc: "Base URL of the openapi api, asked for the operations and schemas that PDF exports' OpenAPI blocks show (docs/adr/0083)", default: 'http://127.0.0.1:8084' },
  INTEGRATIONS_URL: { kind: 'url', doc: "Base URL of the integrations api, asked to render the integration blocks of PDF exports (docs/adr/0094)", default: 'http://127.0.0.1:8085' },
  CONTENT_CACHE_MB: { kind: 'int', doc: "Memory one content process keeps revisions, their page chunks and documents in, which never change once written (docs/adr/0114); a space's tree is read from the database again on each read when it does not fit (the default keeps one of up to about 130,000 pages)", default: '160' },
  CONTENT_READ_CACHE_MB: { kind: 'int', doc: 'Memory one content api process keeps GET of a space in, per space and caller, emptied by every write (docs/adr/0113); 0 keeps nothing', default: '32' },
  CONTENT_PURGE_INTERVAL_MS: { kind: 'int', doc: 'How often the worker purges spaces past the restore window', default: '3600000' },
  ...outboundConfig,
  CONTENT_IMPORT_DEADLINE_MS: { kind: 'int', doc: 'Time one website import may take in all, every page fetched counted; past it the import is refused (400) and nothing is written', default: '60000' },
  CONTENT_IMPORT_RUNS_PER_ORG: { kind: 'int', doc: 'Import runs (POST /org/{id}/imports) of one organization pending or in progress at once; one more answers 429', default: '2' },
  CONTENT_LINK_LOCATIONS_PER_ITEM: { kind: 'int', doc: 'Linking pages one link item of a links list names in locationReferences, the first in reading order (a page or file target lists all of them as its backlinks)', default: '10' },
  CONTENT_LINK_LOCATIONS_PER_ANSWER: { kind: 'int', doc: 'Locations one answer of links or backlinks holds in all; a page of the list ends before the item that would pass it (and holds at least one)', default: '200' },
  CONTENT_PDF_URL_TTL_MS: { kind: 'int', doc: 'How long the URL of a PDF export (GET SPACE/pdf, GET CR/pdf) works', default: '3600000' },
  CONTENT_PDF_MAX_PAGES: { kind: 'int', doc: 'Pages a PDF export may hold; a larger selection is refused (400) with the count', default: '300' },
  CONTENT_PDF_TIMEOUT_MS: { kind: 'int', doc: 'Time printing one PDF may take; past it the download answers 503 and a later one tries again', default: '60000' },
  CONTENT_PDF_CHROMIUM: { kind: 'string', doc: 'The Chromium (or Chrome) executable that prints PDF exports, headless', default: '/usr/bin/chromium' },
  CONTENT_PDF_CONCURRENCY: { kind: 'int', doc: 'PDF exports one content api process prints at once (each a Chromium); the others wait, organizations served in turn', default: '2' },
  CONTENT_PDF_QUEUE_PER_ORG: { kind: 'int', doc: 'PDF exports of one organization printing or waiting in a process; past it a download answers 429 with Retry-After', default: '4' },
  CONTENT_PDF_MAX_BYTES: { kind: 'int', doc: 'Bytes of markdown the pages of one PDF export may hold in all; a larger selection is refused (400) naming the limit', default: '1048576' },
  // Pages rendered off the request loop, as the publisher's are (docs/adr/0059, 0063).
  CONTENT_PDF_RENDER_THREADS: { kind: 'int', doc: "Worker threads that render PDF exports' pages off the request loop (at least 1)", default: '1' },
  CONTENT_PDF_RENDER_BUDGET_MS: { kind: 'int', doc: "Time one page of a PDF export may take to render on its thread; past it the thread is replaced and the page printed as plain text", default: '2000' },
  CONTENT_PDF_RENDER_MEMORY_MB: { kind: 'int', doc: 'Heap of one PDF render thread, in MB; a page past it is printed as plain text', default: '256' },
  // Git Sync (docs/adr/0106, 0107): a repository is the tenant's, its host may be hostile.
  CONTENT_SECRETS_KEY: {
    kind: 'string',
    required: true,
    doc: "Key (32 bytes, base64 or hex) that Git Sync's repository URLs (and the credentials in them) are encrypted with at rest; keep it: a sync whose URL was sealed under a lost key fails until it is given again (`npm start`, when unset: one it generated and keeps in `.local/content-secrets.key`)",
  },
  CONTENT_GIT_WEBHOOK_SECRET: {
    kind: 'string',
    doc: "Secret of Git Sync's push webhooks (`POST /git/webhooks/github`, signed with it as X-Hub-Signature-256; `/git/webhooks/gitlab`, sent as X-Gitlab-Token); empty: webhooks are refused (`npm start`, when unset: one it generated and keeps in `.local/git-webhook.secret`)",
    default: '',
  },
  GITHUB_API_URL: { kind: 'url', doc: "GitHub's REST API that Git Sync installations call (GitHub Enterprise Server: `https://<host>/api/v3`)", default: 'https://api.github.com' },
  GITLAB_URL: { kind: 'url', doc: "GitLab instance that Git Sync installations call when they name none of their own (`customInstanceURL`)", default: 'https://gitlab.com' },
  CONTENT_GIT_HOST_TIMEOUT_MS: { kind: 'int', doc: "Time one look-up of a Git Sync installation at its provider may take in all (a list's pages counted); past it the request answers 400 saying so", default: '20000' },
  GITHUB_TOKEN: { kind: 'string', doc: "Token Git Sync's GitHub installations use when they were given none of their own (`providerConfiguration.accessToken`); empty: such an installation is `unauthenticated`", default: '' },
  CONTENT_GIT_SYNC_POLL_MS: { kind: 'int', doc: 'How often the content worker looks for queued Git Sync runs and for runs whose worker stopped, beyond being woken by each run queued', default: '30000' },
  CONTENT_GIT_SYNC_CONCURRENCY: { kind: 'int', doc: 'Git Sync runs one content worker process runs at once, each on a thread of its own; the others wait queued', default: '2' },
  CONTENT_GIT_SYNC_TIMEOUT_MS: { kind: 'int', doc: "Time one Git Sync run may take in all (the repository's transfer, reading it, writing the revision or the commit); past it the run ends as `timeout` and the space is left as it was", default: '120000' },
  CONTENT_GIT_SYNC_MEMORY_MB: { kind: 'int', doc: "Heap of one Git Sync run's git thread, in MB; a repository that needs more fails its run", default: '512' },
  CONTENT_GIT_SYNC_MAX_BYTES: { kind: 'int', doc: 'Bytes of one answer of a git host (a pack) a Git Sync run accepts; past it the run fails', default: '104857600' },
  CONTENT_GIT_SYNC_MAX_FILES: { kind: 'int', doc: 'Files of the synced branch a Git Sync import reads; a branch with more fails its run', default: '20000' },
  CONTENT_GIT_SYNC_MAX_TREE_BYTES: { kind: 'int', doc: "Bytes of the synced branch's files, inflated, that a Git Sync import reads (also the bound on a fetched pack's inflated objects)", default: '209715200' },
});
export type ContentConfig = ConfigOf<typeof contentConfig>;

/** Renders waiting for a thread, per thread, before a page is printed as plain text at once (one per export printing). */
const PDF_RENDER_QUEUE_PER_THREAD = 32;

/** The PDF render threads' settings (docs/adr/0063); each must be at least 1, or the process refuses to start. */
export function pdfRenderOptionsOf(config: ContentConfig): MarkdownRendererOptions {
  const values = {
    CONTENT_PDF_RENDER_THREADS: config.CONTENT_PDF_RENDER_THREADS,
    CONTENT_PDF_RENDER_BUDGET_MS: config.CONTENT_PDF_RENDER_BUDGET_MS,
    CONTENT_PDF_RENDER_MEMORY_MB: config.CONTENT_PDF_RENDER_MEMORY_MB,
  };
  const problems = Object.entries(values).flatMap(([name, value]) => (value < 1 ? [`${name} must be at least 1, got ${value}`] : []));
  if (problems.length) throw new ConfigError(problems);
  return {
    threads: values.CONTENT_PDF_RENDER_THREADS,
    budgetMs: values.CONTENT_PDF_RENDER_BUDGET_MS,
    memoryMb: values.CONTENT_PDF_RENDER_MEMORY_MB,
    maxQueue: values.CONTENT_PDF_RENDER_THREADS * PDF_RENDER_QUEUE_PER_THREAD,
  };
}
