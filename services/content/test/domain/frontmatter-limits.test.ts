import { parseFrontmatter } from '../../src/domain/revision/markdown';
import { parseGitbookConfig } from '../../src/domain/git-sync/gitbook-config';

/*
 * YAML a tenant writes (a page's front matter, a repository's .gitbook.yaml) against the `yaml` package's costs:
 * its duplicate-key check compares keys pairwise (40,000 keys took 18 s), and aliases can expand a few bytes into
 * millions of nodes. Both attacks must come back at once, the first read, the second refused.
 */
const manyKeys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}: v`).join('\n');

test('When a page s front matter holds 60,000 keys, Then it is read at once, its known fields kept', () => {
  const { attributes, body } = parseFrontmatter(`---\ndescription: Hostile\n${manyKeys(60_000)}\n---\nBody`);
  expect(attributes.description).toBe('Hostile');
  expect(body).toBe('Body');
});

test('When front matter repeats a key, Then the last one counts (no pairwise check)', () => {
  expect(parseFrontmatter('---\ndescription: first\ndescription: second\n---\n').attributes.description).toBe('second');
});

test('When front matter expands aliases past the limit, Then it is not read as front matter', () => {
  const laughs = `a: &a [x, x, x, x, x, x, x, x, x, x]\n${Array.from({ length: 12 }, (_, i) => `b${i}: [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]`).join('\n')}`;
  const markdown = `---\n${laughs}\n---\nBody`;
  expect(parseFrontmatter(markdown)).toEqual({ attributes: {}, body: markdown });
});

test('When a .gitbook.yaml holds 60,000 redirects, Then it is refused by count at once', () => {
  expect(() => parseGitbookConfig(`redirects:\n${manyKeys(60_000).replace(/^/gm, '  ')}`)).toThrow(/more than 5000 redirects/);
});
