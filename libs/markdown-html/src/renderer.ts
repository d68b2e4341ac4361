import type { OpenapiBlockView } from '@dp/contracts';
import type { ContentKitElement } from './integration-blocks';
import type { CodeThemes } from './highlight';
import type { IconStyle } from './icons';
import { createThreads, siblingModule } from '@dp/threads';
import { plainTextFallback } from './fallback';
import type { HtmlLimits } from './html-shape';
import type { renderTask } from './render-task';
import { DEFAULT_HTML_LIMITS, type RenderedMarkdown } from './render';

/**
 * Pages rendered off the caller's event loop (docs/adr/0059): renderPage on worker threads (@dp/threads, docs/adr/0063),
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
  render(markdown: string, links: ReadonlyMap<string, string>, options?: { imageSchemes?: string[]; embedFrames?: boolean; operations?: Readonly<Record<string, OpenapiBlockView>>; integrations?: Readonly<Record<string, ContentKitElement>>; codeThemes?: CodeThemes; iconStyle?: IconStyle }): Promise<RenderedMarkdown>;
  close(): Promise<void>;
}

export function createMarkdownRenderer(options: MarkdownRendererOptions): MarkdownRenderer {
  const threads = createThreads<typeof renderTask>({
    module: siblingModule(__filename, 'render-task'),
    threads: options.threads,
    deadlineMs: options.budgetMs,
    memoryMb: options.memoryMb,
    maxQueue: options.maxQueue,
  });
  const limits = options.limits ?? DEFAULT_HTML_LIMITS;
  return {
    async render(markdown, links, { imageSchemes, embedFrames, operations, integrations, codeThemes, iconStyle } = {}) {
      const outcome = await threads.run({ markdown, links, imageSchemes, embedFrames, operations, integrations, codeThemes, iconStyle, limits });
      if (outcome.ok) return outcome.value;
      return { html: plainTextFallback(markdown), fallback: outcome.reason === 'deadline' || outcome.reason === 'busy' ? outcome.reason : 'crashed' };
    },
    close: () => threads.close(),
  };
}
