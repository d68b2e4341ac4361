import type { Official } from '@dp/contracts';
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
  // Checked against the official schema just above: the official type is what it is.
  const { site } = parsed as Official.GitSyncSiteConfig;
  const nodes: SiteConfigNode[] = [];
  const walk = (list: readonly Official.GitSyncSiteStructureNode[], parentKey: string | null) => {
    for (const raw of list) {
      if (nodes.length >= MAX_SITE_NODES) throw new GitSyncFormatError(`${SITE_CONFIG_FILE} names more than ${MAX_SITE_NODES} nodes`);
      const node: SiteConfigNode = { type: raw.type, key: raw.key, parentKey, title: raw.title };
      if (raw.type === 'space') {
        const directory = raw.content.directory;
        if (directory?.split('/').includes('..')) throw new GitSyncFormatError(`${SITE_CONFIG_FILE}: space ${raw.key}'s directory may not climb (..)`);
        Object.assign(node, { path: raw.path, default: raw.default, hidden: raw.hidden, directory: directory === null ? null : directoryOf(directory, projectDirectory, raw.key) });
      } else if (raw.type === 'section') Object.assign(node, { path: raw.path, description: raw.description, icon: raw.icon, default: raw.default });
      else if (raw.type === 'section-group') Object.assign(node, { icon: raw.icon });
      else Object.assign(node, { url: raw.url, description: raw.description, icon: raw.icon });
      nodes.push(node);
      if ('children' in raw && raw.children) walk(raw.children, raw.key);
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
