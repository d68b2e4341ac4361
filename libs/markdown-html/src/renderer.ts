import { extname, join } from 'node:path';
import { plainTextFallback } from './fallback';
import type { HtmlLimits } from './html-shape';
import type { RenderTask } from './render-task';
import { DEFAULT_HTML_LIMITS, type RenderedMarkdown } from './render';
import { WorkerPool } from './worker-pool';

/**
 * Pages rendered off the caller's event loop (docs/adr/0059): renderPage in a small pool of worker threads,
 * each render with a time budget. Whatever happens, the caller gets HTML: the rendering, or the page's plain
 * text when it passed the limits, ran past its budget (its thread is terminated and replaced), found no
 * thread free (`maxQueue` renders already waiting) or its thread died (e.g. past `memoryMb`).
 */
export interface MarkdownRendererOptions {
  threads: number;
  budgetMs: number;
  memoryMb: number;
  maxQueue: number;
  limits?: HtmlLimits;
}

export interface MarkdownRenderer {
  /** `links`: URLs as written in the page (or as markdown-it normalised them) to where they lead. */
  render(markdown: string, links: ReadonlyMap<string, string>, options?: { imageSchemes?: string[] }): Promise<RenderedMarkdown>;
  close(): Promise<void>;
}

/** The task module next to this file, as this file is: a `.ts` source under tsx and jest, `.js` once built. */
const TASK_MODULE = join(__dirname, `render-task${extname(__filename)}`);

function renderedOf(value: unknown): RenderedMarkdown {
  if (typeof value !== 'object' || value === null || !('html' in value) || typeof value.html !== 'string') throw new Error('not a rendered page');
  return { html: value.html, ...('fallback' in value && value.fallback === 'limits' ? { fallback: 'limits' } : {}) };
}

export function createMarkdownRenderer(options: MarkdownRendererOptions): MarkdownRenderer {
  const pool = new WorkerPool<RenderTask, RenderedMarkdown>({
    module: TASK_MODULE,
    threads: options.threads,
    deadlineMs: options.budgetMs,
    memoryMb: options.memoryMb,
    maxQueue: options.maxQueue,
    accept: renderedOf,
  });
  const limits = options.limits ?? DEFAULT_HTML_LIMITS;
  return {
    async render(markdown, links, { imageSchemes } = {}) {
      const outcome = await pool.run({ markdown, links, imageSchemes, limits });
      if (outcome.ok) return outcome.value;
      return { html: plainTextFallback(markdown), fallback: outcome.reason === 'failed' ? 'crashed' : outcome.reason };
    },
    close: () => pool.close(),
  };
}
