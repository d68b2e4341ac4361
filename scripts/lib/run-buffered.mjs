/* global process */
import { spawn } from 'node:child_process';

/**
 * Runs `command args` (in `env`) with its output kept and printed whole, under `label`, when it ends: commands that
 * run side by side do not interleave their lines. Resolves with whether it succeeded.
 */
export const runBuffered = (label, command, args, env = process.env) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const took = `${Math.round((Date.now() - started) / 1000)} s`;
      process.stdout.write(`> ${label}: ${code === 0 ? 'ok' : `failed (${code})`} in ${took}\n${output}`);
      resolve(code === 0);
    });
  });

/** Runs `command args` with the terminal's output; resolves with whether it succeeded. */
export const runStreamed = (command, args) =>
  new Promise((resolve) => spawn(command, args, { stdio: 'inherit' }).on('close', (code) => resolve(code === 0)));
