import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * The JSON lines a process writes to stdout (not a terminal) go out in batches (docs/adr/0118): a line logged by a
 * quiet process still arrives within the flush interval, and the lines logged just before the process exits all
 * arrive.
 */
const LOG_ENTRY = path.resolve(__dirname, '../src/index.ts');

/** Runs `script` (with `createLogger` in scope) in a Node process whose stdout is a pipe; resolves its lines. */
function run(script: string, onLine: (line: string, elapsedMs: number) => void = () => {}): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', `const { createLogger } = require(${JSON.stringify(LOG_ENTRY)}); ${script}`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = Date.now();
  const lines: string[] = [];
  let rest = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      onLine(line, Date.now() - started);
    }
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => resolve(lines));
  });
}

describe('the JSON log lines on stdout', () => {
  test('When a quiet process logs one line, Then it arrives long before the process ends', async () => {
    let arrivedWhile = -1;
    // The process logs once 1 s after it started, then lives 6 s more.
    const lines = await run(`const log = createLogger('quiet'); setTimeout(() => { log.info({ at: Date.now() }, 'alone'); setTimeout(() => {}, 6000); }, 1000);`, (line) => {
      if (line.includes('"alone"')) arrivedWhile = Date.now() - JSON.parse(line).at;
    });
    expect(lines.filter((line) => line.includes('"alone"'))).toHaveLength(1);
    // Within the 200 ms interval, with a wide margin for a busy machine, and well before the process's end.
    expect(arrivedWhile).toBeGreaterThanOrEqual(0);
    expect(arrivedWhile).toBeLessThan(3000);
  }, 30_000);

  test('When a process logs many lines and exits at once, Then every line arrives, whole and in order', async () => {
    const lines = await run(`const log = createLogger('busy'); for (let i = 0; i < 1000; i++) log.info({ i }, 'line'); process.exit(0);`);
    const numbers = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'line').map((entry) => entry.i);
    expect(numbers).toEqual(Array.from({ length: 1000 }, (_, i) => i));
  }, 30_000);
});
