import YAML from 'yaml';
import { officialSchemaError } from '@dp/http';
import { YAML_LIMITS } from '../revision/markdown';
import { GitSyncFormatError, REPOSITORY_LIMITS } from './format-error';
import { joinPath, normalizePath } from './repository-paths';

/** The file that drives a site's structure, at the root of the site installation's project directory. */
export const SITE_CONFIG_FILE = 'gitbook-docs.yaml';

/** Nodes one file may name: far past any real site's navigation, a bound on what a repository makes us create. */
export const MAX_SITE_NODES = 500;

/** A node of the file, flat, in reading order, with the key of the section or group it sits in. */
export interface SiteConfigNode {
  type: 'section-group' | 'section' | 'space' | 'external-link';
  key: string;
  parentKey: string | null;
  title: string;
  path?: string;
  description?: string;
  icon?: string;
  default?: boolean;
  hidden?: boolean;
  url?: string;
  /** A space's directory of the repository (resolved: a path of the repository), or null: it syncs with none. */
  directory?: string | null;
}

export interface SiteConfig {
  title: string;
  nodes: SiteConfigNode[];
}

interface RawNode {
  type: SiteConfigNode['type'];
  key: string;
  title: string;
  path?: string;
  description?: string;
  icon?: string;
  default?: boolean;
  hidden?: boolean;
  url?: string;
  content?: { directory: string | null };
  children?: RawNode[];
}

/**
 * A site's `gitbook-docs.yaml` (the official GitSyncSiteConfig, docs/adr/0115), checked against the official schema,
 * flattened, its space directories resolved against the site's project directory (a leading `/` from the
 * repository's root; `..` refused). Keys are unique across the file, as the platform matches nodes by them. Pure.
 */
export function parseSiteConfig(text: string, projectDirectory: string): SiteConfig {
  if (text.length > REPOSITORY_LIMITS.indexBytes) throw new GitSyncFormatError(`${SITE_CONFIG_FILE} is larger than ${REPOSITORY_LIMITS.indexBytes} bytes`);
  let parsed: unknown;
  try {
    parsed = YAML.parse(text, YAML_LIMITS);
  } catch (err) {
    throw new GitSyncFormatError(`${SITE_CONFIG_FILE} is not YAML: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  }
  const problem = officialSchemaError('GitSyncSiteConfig', parsed, SITE_CONFIG_FILE);
  if (problem) throw new GitSyncFormatError(problem);
  const site = (parsed as { site: { title: string; structure: RawNode[] } }).site;
  const nodes: SiteConfigNode[] = [];
  const walk = (list: readonly RawNode[], parentKey: string | null) => {
    for (const raw of list) {
      if (nodes.length >= MAX_SITE_NODES) throw new GitSyncFormatError(`${SITE_CONFIG_FILE} names more than ${MAX_SITE_NODES} nodes`);
      if (raw.content?.directory && raw.content.directory.split('/').includes('..')) throw new GitSyncFormatError(`${SITE_CONFIG_FILE}: space ${raw.key}'s directory may not climb (..)`);
      const { children, content, ...rest } = raw;
      nodes.push({
        ...rest,
        parentKey,
        ...(raw.type === 'space' ? { directory: content?.directory == null ? null : directoryOf(content.directory, projectDirectory, raw.key) } : {}),
      });
      if (children) walk(children, raw.key);
    }
  };
  walk(site.structure, null);
  const seen = new Set<string>();
  for (const node of nodes) {
    if (seen.has(node.key)) throw new GitSyncFormatError(`${SITE_CONFIG_FILE}: the key ${node.key} is used twice`);
    seen.add(node.key);
  }
  return { title: site.title, nodes };
}

/** A space's directory as a path of the repository: `./guides` under the site's directory, `/guides` from the top. */
function directoryOf(directory: string, projectDirectory: string, key: string): string {
  const what = `${SITE_CONFIG_FILE}: the directory of space ${key}`;
  return directory.startsWith('/') ? normalizePath(directory, what) : joinPath(normalizePath(projectDirectory, what), directory, what);
}
