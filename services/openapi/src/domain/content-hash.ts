import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level, so equal content always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** sha256 of a spec's bundled files: a new version is made only when it changes. Pure, unit-tested. */
export function contentHash(filesystem: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(filesystem)).digest('hex');
}
