import type { NextFunction, Request, Response } from 'express';

declare module 'express-serve-static-core' {
  interface Request {
    /** Path segments, as sent, that are not valid percent-encoded UTF-8 (set by escapeUndecodablePath). */
    undecodableSegments?: string[];
  }
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Express's router decodes each path parameter with decodeURIComponent and turns a malformed escape
 * (`%zz`) or invalid UTF-8 (`%ED%A0%80`) into an error that does not name the parameter (it answered
 * 500). Instead, before routing, a path segment that does not decode has its `%` escaped, so the route
 * still matches and its parameter holds the segment as sent; validate() then answers 400 naming it.
 * Only req.url changes: req.originalUrl (what the gateway forwards) keeps the bytes as sent.
 */
export function escapeUndecodablePath(req: Request, _res: Response, next: NextFunction): void {
  const q = req.url.indexOf('?');
  const path = q === -1 ? req.url : req.url.slice(0, q);
  if (path.includes('%')) {
    const bad: string[] = [];
    const segments = path.split('/').map((segment) => {
      if (decodes(segment)) return segment;
      bad.push(segment);
      return segment.replace(/%/g, '%25');
    });
    if (bad.length > 0) {
      req.undecodableSegments = bad;
      req.url = segments.join('/') + (q === -1 ? '' : req.url.slice(q));
    }
  }
  next();
}

/** The name of a path parameter that came from an undecodable segment, if any. */
export function undecodableParam(req: Request): string | undefined {
  const bad = req.undecodableSegments;
  if (!bad) return undefined;
  for (const [name, value] of Object.entries(req.params ?? {})) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    // A parameter from an escaped segment is still undecodable text; a legitimate `%25zz` would be too, so it
    // must also be part of a segment that was escaped.
    if (values.some((v) => typeof v === 'string' && !decodes(v) && bad.some((segment) => segment.includes(v)))) return name;
  }
  return undefined;
}

/** A value met while walking a JSON document: where it sits (its parent's frame and its own key), and its depth. */
interface Frame {
  value: unknown;
  parent: Frame | undefined;
  key: string;
  depth: number;
}

/** `body.a.1.b` from the chain of frames; built only for what is reported, so a deep walk builds no paths. */
function pathOf(frame: Frame): string {
  const keys: string[] = [];
  for (let f: Frame | undefined = frame; f; f = f.parent) keys.push(f.key);
  return keys.reverse().join('.');
}

/**
 * Walks a JSON value depth-first without recursion (a document nested 10,000 deep overflowed the stack of a
 * recursive walk: a 500), calling `visit` with each value's frame; `visit` returns a result to stop the walk.
 */
function walk<T>(value: unknown, root: string, visit: (frame: Frame) => T | undefined): T | undefined {
  const stack: Frame[] = [{ value, parent: undefined, key: root, depth: 0 }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const found = visit(frame);
    if (found !== undefined) return found;
    const { value: v, depth } = frame;
    if (typeof v !== 'object' || v === null) continue;
    // Pushed in reverse, so children are visited in document order (the first offending field is named).
    const entries = Array.isArray(v) ? v.map((item, i) => [String(i), item] as const) : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], parent: frame, key: entries[i][0], depth: depth + 1 });
  }
  return undefined;
}

/**
 * The path (`body.title`, `query.search`) of the first string or object key holding a NUL character, which
 * PostgreSQL cannot store in text (it failed the query with a 500); undefined when there is none.
 */
export function pathOfNul(value: unknown, path: string): string | undefined {
  return walk(value, path, (frame) => {
    const v = frame.value;
    if (typeof v === 'string') return v.includes('\u0000') ? pathOf(frame) : undefined;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
    const key = Object.keys(v).find((k) => k.includes('\u0000'));
    return key === undefined ? undefined : `${pathOf(frame)}.${key.replaceAll('\u0000', '\\u0000')}`;
  });
}

/**
 * Whether some value of a parsed JSON document sits inside more than `maxDepth` arrays and objects (`"x"` and
 * `{}` are depth 0, `{"a": 1}` and `[[]]` depth 1). Code after the parser (schema validation, the document model, PostgreSQL's jsonb) may
 * recurse, so a body past the limit is refused before any of it runs.
 */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  return walk(value, '', (frame) => (frame.depth > maxDepth ? true : undefined)) ?? false;
}
