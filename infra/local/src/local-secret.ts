import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret `npm start` makes once and keeps in `.local/<name>` (git-ignored, readable by its owner only), so
 * that a restart reads what the last run sealed with it. Two stacks starting together agree: the first
 * writes it, the other reads it.
 */
export function keptSecret(name: string, dir = path.resolve('.local')): string {
  const file = path.join(dir, name);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return fs.readFileSync(file, 'utf8').trim();
}
