import YAML from 'yaml';
import { YAML_LIMITS } from '../revision/markdown';
import { GitSyncFormatError, REPOSITORY_LIMITS } from './format-error';
import { joinPath, normalizePath, relativeTo } from './repository-paths';

/**
 * A repository's `.gitbook.yaml` (GitBook's content configuration): where the content is (`root`), its first page
 * (`structure.readme`) and table of contents (`structure.summary`), both relative to the root, and redirects from
 * old paths to pages' files. All paths here are resolved against the synced directory. Pure.
 */
export interface GitbookConfig {
  root: string;
  readme: string;
  summary: string;
  redirects: Record<string, string>;
}

export const DEFAULT_CONFIG: GitbookConfig = { root: '', readme: 'README.md', summary: 'SUMMARY.md', redirects: {} };

const stringAt = (value: unknown, what: string): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new GitSyncFormatError(`.gitbook.yaml: ${what} must be a path`);
  return value;
};

/** The configuration a repository's `.gitbook.yaml` says (absent: GitBook's defaults), its paths resolved. */
export function parseGitbookConfig(text: string | undefined): GitbookConfig {
  if (text === undefined) return DEFAULT_CONFIG;
  if (text.length > REPOSITORY_LIMITS.indexBytes) throw new GitSyncFormatError(`.gitbook.yaml is larger than ${REPOSITORY_LIMITS.indexBytes} bytes`);
  let parsed: unknown;
  try {
    parsed = YAML.parse(text, YAML_LIMITS);
  } catch (err) {
    throw new GitSyncFormatError(`.gitbook.yaml is not YAML: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  }
  if (parsed === null || parsed === undefined) return DEFAULT_CONFIG;
  if (typeof parsed !== 'object' || Array.isArray(parsed)) throw new GitSyncFormatError('.gitbook.yaml must be a mapping');
  const { root, structure, redirects } = parsed as Record<string, unknown>;
  const rootDir = normalizePath(stringAt(root, 'root') ?? '', '.gitbook.yaml root');
  if (structure !== undefined && structure !== null && (typeof structure !== 'object' || Array.isArray(structure))) throw new GitSyncFormatError('.gitbook.yaml: structure must be a mapping');
  const { readme, summary } = (structure ?? {}) as Record<string, unknown>;
  if (redirects !== undefined && redirects !== null && (typeof redirects !== 'object' || Array.isArray(redirects))) throw new GitSyncFormatError('.gitbook.yaml: redirects must map old paths to files');
  const entries = Object.entries((redirects ?? {}) as Record<string, unknown>);
  if (entries.length > REPOSITORY_LIMITS.redirects) throw new GitSyncFormatError(`.gitbook.yaml has more than ${REPOSITORY_LIMITS.redirects} redirects`);
  return {
    root: rootDir,
    readme: joinPath(rootDir, stringAt(readme, 'structure.readme') ?? DEFAULT_CONFIG.readme, '.gitbook.yaml structure.readme'),
    summary: joinPath(rootDir, stringAt(summary, 'structure.summary') ?? DEFAULT_CONFIG.summary, '.gitbook.yaml structure.summary'),
    // A redirect's source is a URL path of the site (kept as written, without its leading slash); its target a file.
    redirects: Object.fromEntries(entries.map(([from, to]) => [from.replace(/^\/+/, ''), joinPath(rootDir, stringAt(to, `redirects.${from}`) ?? '', `.gitbook.yaml redirect of ${from}`)])),
  };
}

/** The `.gitbook.yaml` an export writes: the root and structure always, redirects when there are some. */
export function writeGitbookConfig(config: GitbookConfig): string {
  const relative = (path: string) => relativeTo(config.root, path);
  const doc: Record<string, unknown> = {
    root: config.root ? `./${config.root}/` : './',
    structure: { readme: relative(config.readme), summary: relative(config.summary) },
  };
  if (Object.keys(config.redirects).length > 0) doc.redirects = Object.fromEntries(Object.entries(config.redirects).map(([from, to]) => [from, relative(to)]));
  return YAML.stringify(doc);
}
