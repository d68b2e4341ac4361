import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bootStack, type TestStack } from '../support/stack';

/**
 * The README's walkthrough is pasted as is by a newcomer (issue 22 §1): this test runs the very snippet the README
 * shows (the ```sh block after `<!-- walkthrough -->`) with bash in strict mode against a freshly booted stack,
 * with only what the README tells the reader to set (ADMIN_TOKEN, and PORT since the test's gateway port is free).
 */

const readme = fs.readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
const snippet = /<!-- walkthrough -->\n```sh\n([\s\S]*?)```/.exec(readme)?.[1];

// The snippet needs curl and jq; a missing one fails here with how to get it (`.ci/run` installs both).
function requireTool(tool: string): void {
  try {
    execFileSync(tool, ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error(`${tool} is missing: the README walkthrough needs it (apt-get install ${tool}; .ci/run installs it when missing)`);
  }
}

let stack: TestStack;

beforeAll(async () => {
  requireTool('curl');
  requireTool('jq');
  stack = await bootStack('walkthrough', { withWorkers: false });
}, 120_000);
afterAll(() => stack?.stop());

test('When the README has a walkthrough, Then it is one short snippet that uses no placeholders', () => {
  expect(snippet).toBeDefined();
  expect(snippet!.trim().split('\n').length).toBeLessThanOrEqual(14);
  expect(snippet).not.toMatch(/<[a-zA-Z]+Id>/);
});

/** Runs the snippet as a reader's shell would: bash in strict mode, with only what the README tells them to set. */
function paste(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const port = new URL(stack.baseUrl).port;
  return new Promise((resolve) => {
    const child = execFile('bash', ['--norc', '--noprofile', '-euo', 'pipefail', '-c', snippet!], { env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: port, ADMIN_TOKEN: stack.adminToken }, timeout: 60_000 }, (err, out, errOut) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout: out, stderr: errOut }),
    );
    child.stdin?.end();
  });
}

test('When a reader pastes the README walkthrough against a started stack, and pastes it again, Then each run succeeds and prints the page, the published URL and the page as served', async () => {
  for (let run = 1; run <= 2; run++) {
    const { code, stdout, stderr } = await paste();
    expect({ run, code, stderr }).toEqual({ run, code: 0, stderr: '' });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('pages: Guide');
    expect(lines[1]).toMatch(new RegExp(`^published: ${stack.publisherUrl}/[^/]+/[^/]+$`));
    expect(lines[2]).toBe('Hello from the walkthrough.');
  }
}, 120_000);
