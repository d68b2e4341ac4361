import { posix } from 'node:path';
import YAML from 'yaml';
import { parseFrontmatter, slugify } from '../revision/markdown';
import type { ReusableContentEntry } from '../revision/types';
import { DEFAULT_CONFIG, type GitbookConfig } from './gitbook-config';
import { joinPath } from './repository-paths';

/**
 * Reusable contents in a repository, as GitBook writes them (docs/adr/0109): one file each under
 * `.gitbook/includes/` of the synced root, named after its title, its title in front matter and its markdown below;
 * pages include it by relative path (`{% include "../.gitbook/includes/warning.md" %}`). Pure.
 */
const includesDir = (config: GitbookConfig) => joinPath(config.root, '.gitbook/includes');

/** Whether a file of the synced directory is a reusable content's. */
export const isIncludePath = (path: string, config: GitbookConfig = DEFAULT_CONFIG) => path.startsWith(`${includesDir(config)}/`) && /\.md$/i.test(path);

/** Where each reusable content goes: `.gitbook/includes/<slug of its title>.md`, made unique in order. */
export function includePaths(reusableContents: readonly ReusableContentEntry[], config: GitbookConfig = DEFAULT_CONFIG): Array<{ path: string; reusable: ReusableContentEntry }> {
  const taken = new Set<string>();
  return reusableContents.map((reusable) => {
    const stem = slugify(reusable.title) || 'include';
    let name = `${stem}.md`;
    for (let n = 2; taken.has(name); n++) name = `${stem}-${n}.md`;
    taken.add(name);
    return { path: `${includesDir(config)}/${name}`, reusable };
  });
}

/** A reusable content's file: its title as front matter, then its markdown. */
export function includeFileText(title: string, markdown: string): string {
  const body = markdown.trim();
  return `---\n${YAML.stringify({ title }).trimEnd()}\n---\n${body ? `\n${body}\n` : ''}`;
}

/** A reusable content read from its file: the front matter's title (else the file's name) and the rest. */
export function readIncludeFile(path: string, text: string): { title: string; markdown: string } {
  const { attributes, body } = parseFrontmatter(text);
  const title = typeof attributes.title === 'string' && attributes.title.trim() ? attributes.title.trim() : posix.basename(path).replace(/\.md$/i, '');
  return { title: title.slice(0, 100), markdown: body.replace(/^\s*\n/, '').replace(/\s+$/, '') };
}

/** An include file read, and the reusable content it is. */
export interface ImportedInclude {
  path: string;
  title: string;
  markdown: string;
  id: string;
  /** The reusable content of the space it is (by the path an export gave it); none: a new one. */
  known?: ReusableContentEntry;
}

/**
 * A repository's include files as the space's reusable contents: one at the path an export gave a reusable content
 * keeps its id (its includes and history follow it); the others are new. Their markdown is as written (the links
 * are rewritten with the pages', import-space.ts).
 */
export function importedIncludes(existing: readonly ReusableContentEntry[], files: ReadonlyArray<{ path: string; title: string; markdown: string }>, config: GitbookConfig, newId: () => string): ImportedInclude[] {
  const byPath = new Map(includePaths(existing, config).map(({ path, reusable }) => [path, reusable]));
  return files.map((file) => {
    const known = byPath.get(file.path);
    return known ? { ...file, id: known.id, known } : { ...file, id: newId() };
  });
}
