import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret `npm start` makes once and keeps in `.local/<name>` (git-ignored, readable by its owner only), so
 * that a restart reads what the last run sealed with it. Stacks starting together agree: the secret is written
 * whole to a file of this process, then linked to its name, which only one of them can do. A reader never sees
 * a name whose content is still being written (the shared test stacks, two at once on a fresh clone, did).
 */
export function keptSecret(name: string, dir = path.resolve('.local')): string {
  const file = path.join(dir, name);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!fs.existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  return fs.readFileSync(file, 'utf8').trim();
}
