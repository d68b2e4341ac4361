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

/**
 * The path (`body.title`, `query.search`) of the first string or object key holding a NUL character, which
 * PostgreSQL cannot store in text (it failed the query with a 500); undefined when there is none.
 */
export function pathOfNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = pathOfNul(item, `${path}.${i}`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return `${path}.${key.replaceAll('\u0000', '\\u0000')}`;
      const found = pathOfNul(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}
