import { GitSyncFormatError } from '../../src/domain/git-sync/format-error';
import { MAX_SITE_NODES, parseSiteConfig } from '../../src/domain/git-sync/site-config';

/** A site's gitbook-docs.yaml (docs/adr/0115): checked against the official GitSyncSiteConfig, flattened, its directories resolved. */
const space = (key: string, directory: string | null, extra = '') => `      - type: space\n        key: ${key}\n        title: ${key}\n        path: ${key}\n${extra}        content:\n          directory: ${directory === null ? 'null' : directory}\n`;
const file = (structure: string) => `site:\n  title: Docs\n  structure:\n${structure}`;

test('When a file nests spaces in sections in a group, Then its nodes come flat in reading order, each with its parent, and directories resolve against the project directory', () => {
  const text = file(`    - type: section-group
      key: g
      title: Group
      children:
        - type: section
          key: s
          title: Section
          path: s
          children:
            - { type: space, key: guides, title: Guides, path: guides, content: { directory: ./guides } }
            - { type: space, key: api, title: API, path: api, default: true, content: { directory: /api } }
            - { type: space, key: notes, title: Notes, path: notes, content: { directory: null } }
`);
  const config = parseSiteConfig(text, 'docs/site');
  expect(config.title).toBe('Docs');
  expect(config.nodes.map((n) => [n.type, n.key, n.parentKey, n.directory])).toEqual([
    ['section-group', 'g', null, undefined],
    ['section', 's', 'g', undefined],
    ['space', 'guides', 's', 'docs/site/guides'],
    ['space', 'api', 's', 'api'],
    ['space', 'notes', 's', null],
  ]);
  expect(config.nodes.find((n) => n.key === 'api')?.default).toBe(true);
});

test('When a file is not the official GitSyncSiteConfig, not YAML, reuses a key, climbs out of the repository or names too many nodes, Then it is refused with why', () => {
  const refused = (text: string) => {
    try {
      parseSiteConfig(text, '');
    } catch (err) {
      expect(err).toBeInstanceOf(GitSyncFormatError);
      return (err as Error).message;
    }
    throw new Error('accepted');
  };
  expect(refused('site:\n  title: Docs\n')).toMatch(/^gitbook-docs\.yaml.*structure/);
  expect(refused(file('    - type: space\n      key: a\n      title: A\n'))).toMatch(/^gitbook-docs\.yaml/);
  expect(refused('site: [unclosed')).toMatch(/^gitbook-docs\.yaml is not YAML/);
  expect(refused(file(space('a', null).replace(/^ {2}/gm, '') + space('a', null).replace(/^ {2}/gm, '')))).toBe('gitbook-docs.yaml: the key a is used twice');
  expect(refused(file(space('up', '../secrets').replace(/^ {2}/gm, '')))).toMatch(/may not climb/);
  const many = Array.from({ length: MAX_SITE_NODES + 1 }, (_, i) => space(`s${i}`, null).replace(/^ {2}/gm, '')).join('');
  expect(refused(file(many))).toBe(`gitbook-docs.yaml names more than ${MAX_SITE_NODES} nodes`);
  expect(refused('x'.repeat(1_000_001))).toMatch(/larger than/);
});
