/**
 * `/llms.txt` and `/llms-full.txt` (issue 24), as GitBook sites serve them for language models: the pages a
 * visitor may read, as a markdown index (each page's `.md` URL and description, grouped by section and variant)
 * and as one markdown document of them all. Pure: the router gathers the pages.
 */
export interface LlmsPage {
  title: string;
  /** The page's `.md` URL, absolute. */
  markdownUrl: string;
  description?: string;
}

export interface LlmsGroup {
  title: string;
  pages: LlmsPage[];
}

/** Pages llms-full.txt holds at most, and its bytes; past them it says where it stopped. */
export const LLMS_FULL_LIMITS = { pages: 500, bytes: 5 * 1024 * 1024 };

const line = (text: string) => text.replace(/\s+/g, ' ').trim();
const linkText = (text: string) => line(text).replace(/[[\]\\]/g, (c) => `\\${c}`);

export function llmsTxt(siteTitle: string, groups: readonly LlmsGroup[]): string {
  const parts = [`# ${line(siteTitle)}\n`];
  for (const group of groups) {
    if (group.pages.length === 0) continue;
    parts.push(`\n## ${line(group.title)}\n\n`);
    for (const page of group.pages) parts.push(`- [${linkText(page.title)}](${encodeURI(decodeURI(page.markdownUrl))})${page.description ? `: ${line(page.description)}` : ''}\n`);
  }
  return parts.join('');
}

/** One page of llms-full.txt: its title, where it is, then its markdown. */
export const llmsFullPage = (page: LlmsPage, markdown: string) => `# ${line(page.title)}\n\nSource: ${page.markdownUrl}\n\n${markdown.trim()}\n`;

/**
 * A page's markdown with the links content resolved (`/pages/<id>`, `/files/<id>`, relative `.md` paths) made
 * the absolute URLs they are published at, so the `.md` and llms-full.txt read outside the site; `table` is the
 * page's link table (what the rendered page uses), keyed by the targets as written.
 */
export function withPublishedLinks(markdown: string, table: ReadonlyMap<string, string>, origin: string): string {
  const published = (target: string) => {
    const to = table.get(target);
    return to === undefined ? undefined : /^https?:/.test(to) ? to : `${origin}${to}`;
  };
  return markdown
    .replace(/\]\(([^)\s]+)((?:\s+"[^"]*")?)\)/g, (whole, target: string, title: string) => {
      const to = published(target);
      return to === undefined ? whole : `](${to}${title})`;
    })
    .replace(/\b(href|src)="([^"]+)"/g, (whole, name: string, target: string) => {
      const to = published(target);
      return to === undefined ? whole : `${name}="${to}"`;
    });
}
