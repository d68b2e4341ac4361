/* global process */
// `npm run checks`: the type check and lint side by side (each takes about one core for 20 s), each one's output
// printed whole when it ends, and a failure of either fails the whole.
import { spawn } from 'node:child_process';

const run = (script) =>
  new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      process.stdout.write(`> ${script}: ${code === 0 ? 'ok' : `failed (${code})`}\n${output}`);
      resolve(code === 0);
    });
  });

const results = await Promise.all(['typecheck', 'lint'].map(run));
process.exit(results.every(Boolean) ? 0 : 1);
