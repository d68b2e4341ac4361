import type { OpenapiBlockView } from '@dp/contracts';
import { threadTask } from '@dp/threads';
import { fenceLanguages, highlighterFor, warmHighlighter, type CodeThemes, type Highlight } from './highlight';
import type { HtmlLimits } from './html-shape';
import type { IconStyle } from './icons';
import type { ContentKitElement } from './integration-blocks';
import { renderPage } from './render';

/**
 * The render threads' task module (docs/adr/0059, 0063): a page's markdown, where its links and images lead
 * (as data: a function cannot cross to a thread), its image schemes and limits, to renderPage's answer.
 */
export interface RenderTask {
  markdown: string;
  links: ReadonlyMap<string, string>;
  imageSchemes?: string[];
  embedFrames?: boolean;
  operations?: Readonly<Record<string, OpenapiBlockView>>;
  integrations?: Readonly<Record<string, ContentKitElement>>;
  /** The site's code themes; absent: GitHub's. */
  codeThemes?: CodeThemes;
  /** The site's icon set; absent: `regular`. */
  iconStyle?: IconStyle;
  limits: HtmlLimits;
}

export const renderTask = threadTask(
  async (task: RenderTask) => {
    // A highlighter that cannot load (its WASM, a grammar) leaves the code plain rather than the page.
    const highlight: Highlight | undefined = await highlighterFor(fenceLanguages(task.markdown), undefined, task.codeThemes).catch(() => undefined);
    return renderPage(task.markdown, (url) => task.links.get(url), { imageSchemes: task.imageSchemes, embedFrames: task.embedFrames, operations: task.operations, integrations: task.integrations, iconStyle: task.iconStyle, limits: task.limits, highlight });
  },
  // A new thread (the first, or one replacing a page that ran past its budget) loads shiki before its first page.
  { warm: warmHighlighter },
);
