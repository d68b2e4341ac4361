import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone';

/**
 * Compiled validators kept on disk between test files (docs/adr/0078). Every jest file is a fresh module
 * registry, so without this each one compiled the same official schemas again: about a fifth of the CPU of the
 * component tests. ajv's standalone code of a validator is written once, under a key that covers everything
 * the code depends on (the caller's version, the schema, its key), and later files evaluate it instead.
 */
const CACHE_DIR = path.join(path.dirname(require.resolve('ajv/package.json')), '..', '.cache', 'dp-validators');

/** A key for `parts` (a stable hash: what a validator depends on). */
export const cacheKey = (...parts: string[]): string => createHash('sha256').update(parts.join('\u0000')).digest('hex');

/** Where the validator of `key` is kept. */
export const keptFile = (key: string): string => path.join(CACHE_DIR, `${key}.js`);

/** The validator kept under `key`, or the one `compile` makes (on an ajv with `code.source`), kept for later files. */
export function cachedValidator(key: string, compile: () => { ajv: Ajv; validate: ValidateFunction }): ValidateFunction {
  const file = keptFile(key);
  const kept = readKept(file);
  if (kept) return kept;
  const { ajv, validate } = compile();
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    // Written aside, then renamed: a file another worker reads is always whole.
    const aside = `${file}.${process.pid}.tmp`;
    writeFileSync(aside, standaloneCode(ajv, validate));
    renameSync(aside, file);
  } catch {
    // Unwritable (a read-only checkout): the next file compiles again.
  }
  return validate;
}

function readKept(file: string): ValidateFunction | undefined {
  let code: string;
  try {
    code = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const module: { exports: { default?: ValidateFunction } } = { exports: {} };
  // The code is ajv's own, keyed by its schema: it requires ajv's runtime and ajv-formats' formats.
  new Function('require', 'module', 'exports', code)(require, module, module.exports);
  return module.exports.default;
}
