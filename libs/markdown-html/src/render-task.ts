import type { HtmlLimits } from './html-shape';
import { renderPage } from './render';
import { serveTasks } from './worker-serve';

/**
 * The render threads' task module (docs/adr/0059): a page's markdown, where its links and images lead
 * (as data: a function cannot cross to a thread), its image schemes and limits, to renderPage's answer.
 */
export interface RenderTask {
  markdown: string;
  links: ReadonlyMap<string, string>;
  imageSchemes?: string[];
  limits: HtmlLimits;
}

function isRenderTask(value: unknown): value is RenderTask {
  return typeof value === 'object' && value !== null && 'markdown' in value && typeof value.markdown === 'string' && 'links' in value && value.links instanceof Map && 'limits' in value;
}

serveTasks((task) => {
  if (!isRenderTask(task)) throw new Error('not a render task');
  const { links } = task;
  return renderPage(task.markdown, (url) => links.get(url), { imageSchemes: task.imageSchemes, limits: task.limits });
});
