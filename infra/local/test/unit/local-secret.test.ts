import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { keptSecret } from '../../src/local-secret';

const run = promisify(execFile);

describe('keptSecret', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-secret-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('When it is asked twice, Then the second answer is the first one, kept readable by its owner only', () => {
    const first = keptSecret('a.key', dir);
    expect(Buffer.from(first, 'base64')).toHaveLength(32);
    expect(keptSecret('a.key', dir)).toBe(first);
    expect(fs.statSync(path.join(dir, 'a.key')).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(['a.key']);
  });

  it('When eight processes ask in the same instant on a fresh directory, Then all of them read the same whole secret', async () => {
    const module = require.resolve('../../src/local-secret');
    const tsx = require.resolve('tsx/cjs/api');
    // Every process loads first, then sleeps and spins until the same instants, so that they ask within
    // microseconds of each other, three times.
    const at = Date.now() + 3000;
    const names = ['race-1.key', 'race-2.key', 'race-3.key'];
    const script = [
      `require(${JSON.stringify(tsx)}).register();`,
      `const { keptSecret } = require(${JSON.stringify(module)});`,
      `const answers = ${JSON.stringify(names)}.map((name, round) => {`,
      `  const instant = ${at} + round * 200;`,
      `  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.max(0, instant - Date.now() - 20));`,
      `  while (Date.now() < instant);`,
      `  return keptSecret(name, ${JSON.stringify(dir)});`,
      `});`,
      `process.stdout.write(JSON.stringify(answers));`,
    ].join('\n');
    const answers: string[][] = await Promise.all(Array.from({ length: 8 }, () => run(process.execPath, ['-e', script]).then((out) => JSON.parse(out.stdout))));
    names.forEach((_, round) => {
      const secrets = answers.map((answer) => answer[round]);
      expect(Buffer.from(secrets[0], 'base64')).toHaveLength(32);
      expect(new Set(secrets)).toEqual(new Set([secrets[0]]));
    });
    expect(fs.readdirSync(dir).sort()).toEqual(names);
  });
});
