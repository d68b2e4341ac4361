import TurndownService from 'turndown';
import { leadingHeading } from '../revision/markdown';

/** What one fetched HTML page gives an import: its title, its content as markdown, the links it holds. */
export interface ReadPage {
  title: string | undefined;
  /** Links and images point at absolute URLs (resolved against the page's URL). */
  markdown: string;
  /** Every `<a href>` of the page as written, navigation and footer included (they are followed, not kept). */
  links: string[];
}

type Element = TurndownService.Node & { getAttribute(name: string): string | null; textContent: string | null };

/** `href` resolved against the page, or as written when it does not resolve. */
function absolute(href: string, base: string): string {
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return href;
  }
}

const text = (node: Element) => (node.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * Converts one HTML page with turndown (whose DOM, in Node, is the one it bundles). Script and style are
 * dropped; nav and footer too, after their links were collected (site navigation is how the other pages
 * are found, but is no page content). Title: the `<h1>` the content starts with (authoring names a page
 * after its leading heading, so that one wins in any case), else `<title>`, else the first `<h1>`.
 */
export function readHtmlPage(html: string, url: string): ReadPage {
  const links: string[] = [];
  let title: string | undefined;
  let firstH1: string | undefined;
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_' });
  // The `as` below are DOM typing, not unchecked data: turndown's types take a Filter of its own TagName list
  // (which lacks these tags) and hand rules a Node (element, document or fragment), while every rule here only
  // matches elements by tag name, so the node it gets is an Element.
  service.remove(['script', 'style', 'noscript', 'template', 'iframe', 'head'] as TurndownService.Filter);
  service.addRule('title', {
    filter: 'title' as TurndownService.Filter,
    replacement: (_content, node) => {
      title ??= text(node as Element) || undefined;
      return '';
    },
  });
  // Turndown converts children before their parent, so the links inside nav and footer are seen here first.
  service.addRule('chrome', { filter: ['nav', 'footer'], replacement: () => '' });
  service.addRule('h1', {
    filter: 'h1',
    replacement: (content, node) => {
      firstH1 ??= text(node as Element) || undefined;
      return content.trim() ? `\n\n# ${content.trim()}\n\n` : '';
    },
  });
  service.addRule('link', {
    filter: (node) => node.nodeName === 'A' && 'getAttribute' in node && !!node.getAttribute('href'),
    replacement: (content, node) => {
      const href = (node as Element).getAttribute('href')!;
      links.push(href);
      const target = absolute(href, url).replace(/([()])/g, '\\$1');
      const hint = (node as Element).getAttribute('title');
      return content.trim() ? `[${content}](${target}${hint ? ` "${hint.replace(/"/g, '\\"')}"` : ''})` : '';
    },
  });
  service.addRule('image', {
    filter: 'img',
    replacement: (_content, node) => {
      const src = (node as Element).getAttribute('src');
      if (!src) return '';
      const alt = ((node as Element).getAttribute('alt') ?? '').replace(/[[\]\n]/g, ' ');
      return `![${alt}](${absolute(src, url).replace(/([()])/g, '\\$1')})`;
    },
  });
  const markdown = service.turndown(html).trim();
  return { title: leadingHeading(markdown) ?? title ?? firstH1, markdown, links };
}
