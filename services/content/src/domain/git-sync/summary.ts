import { GitSyncFormatError, REPOSITORY_LIMITS } from './format-error';
import { dirOf, joinPath } from './repository-paths';

/**
 * GitBook's `SUMMARY.md`, the table of contents of a synced space: headings (`##`) start groups, list items
 * (`* [Title](path.md)`) are pages, nested lists nest pages. Links are relative to SUMMARY.md's directory and come
 * back resolved against the synced directory. Pure.
 */
export type SummaryEntry = { kind: 'group'; title: string; children: SummaryEntry[] } | { kind: 'page'; title: string; path: string; children: SummaryEntry[] };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const ITEM = /^(\s*)[*+-]\s+\[((?:\\.|[^\]\\])*)\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)\s*$/;
const unescapeText = (text: string) => text.replace(/\\(.)/g, '$1');
/** A link's path as written: between angle brackets as is, else percent-decoded (a stray `%` is kept). */
function hrefPath(href: string): string {
  if (href.startsWith('<')) return href.slice(1, -1);
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}

export function parseSummary(text: string, summaryPath = 'SUMMARY.md'): SummaryEntry[] {
  if (text.length > REPOSITORY_LIMITS.indexBytes) throw new GitSyncFormatError(`${summaryPath} is larger than ${REPOSITORY_LIMITS.indexBytes} bytes`);
  const base = dirOf(summaryPath);
  const top: SummaryEntry[] = [];
  /** Where items go: the top, or the current group's children. */
  let container = top;
  /** The open items by indentation, outermost first. */
  let stack: Array<{ indent: number; entry: SummaryEntry }> = [];
  let count = 0;
  let inFence = false;
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence || line.trim() === '') continue;
    const heading = HEADING.exec(line);
    if (heading) {
      // The h1 is the table's own title; every other heading starts a group.
      if (heading[1].length > 1) {
        const group: SummaryEntry = { kind: 'group', title: unescapeText(heading[2]), children: [] };
        top.push(group);
        container = group.children;
        stack = [];
        if (++count > REPOSITORY_LIMITS.entries) throw new GitSyncFormatError(`${summaryPath} has more than ${REPOSITORY_LIMITS.entries} entries`);
      }
      continue;
    }
    const item = ITEM.exec(line);
    if (!item) {
      if (/^\s*[*+-]\s/.test(line)) throw new GitSyncFormatError(`${summaryPath}, line ${index + 1}: a list item must be a link to a page: * [Title](path.md)`);
      continue;
    }
    const indent = item[1].replace(/\t/g, '    ').length;
    const entry: SummaryEntry = { kind: 'page', title: unescapeText(item[2]).trim(), path: joinPath(base, hrefPath(item[3]).split('#')[0], `${summaryPath}, line ${index + 1}`), children: [] };
    if (++count > REPOSITORY_LIMITS.entries) throw new GitSyncFormatError(`${summaryPath} has more than ${REPOSITORY_LIMITS.entries} entries`);
    while (stack.length > 0 && stack[stack.length - 1].indent >= indent) stack.pop();
    if (stack.length >= REPOSITORY_LIMITS.depth) throw new GitSyncFormatError(`${summaryPath}, line ${index + 1}: pages nest deeper than ${REPOSITORY_LIMITS.depth} levels`);
    (stack.length > 0 ? stack[stack.length - 1].entry.children : container).push(entry);
    stack.push({ indent, entry });
  }
  return top;
}

const escapeText = (text: string) => text.replace(/([\\[\]])/g, '\\$1');
const linkPath = (path: string) => (/[\s()<>]/.test(path) ? `<${path}>` : encodeURI(path));

/** SUMMARY.md for `entries` (paths relative to the directory SUMMARY.md is in), as GitBook writes it. */
export function writeSummary(entries: SummaryEntry[], title = 'Table of contents'): string {
  const lines = [`# ${title}`, ''];
  const items = (list: SummaryEntry[], depth: number) => {
    for (const entry of list) {
      if (entry.kind === 'group') continue;
      lines.push(`${'  '.repeat(depth)}* [${escapeText(entry.title)}](${linkPath(entry.path)})`);
      items(entry.children, depth + 1);
    }
  };
  let open = false;
  for (const entry of entries) {
    if (entry.kind === 'group') {
      lines.push(...(open || lines.length > 2 ? [''] : []), `## ${entry.title}`, '');
      items(entry.children, 0);
      open = true;
    } else items([entry], 0);
  }
  return `${lines.join('\n')}\n`;
}
