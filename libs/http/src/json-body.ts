import type { IncomingMessage } from 'node:http';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { HttpError } from '@dp/errors';
import { nestsDeeperThan } from './input-safety';

/** What the JSON body parser inflates; anything else is a 415 naming these (body-parser's own list). */
export const BODY_ENCODINGS = ['identity', 'gzip', 'deflate', 'br'] as const;
type BodyEncoding = (typeof BODY_ENCODINGS)[number];
const isBodyEncoding = (name: string): name is BodyEncoding => BODY_ENCODINGS.some((e) => e === name);

/** The JSON body limits of libs/config `commonConfig` (docs/adr/0062). */
export interface JsonBodyOptions {
  /** Largest body accepted (decoded); beyond it the request gets 413. */
  limit?: string;
  /** HTTP_JSON_MAX_DEPTH: deepest nesting of arrays and objects; deeper is a 400. */
  maxDepth?: number;
}

const JSON_TYPES = ['application/json', 'application/*+json'];

/** Each parsed request's body as it came (decoded), for a signature over its bytes (a git host's webhook). */
const rawBodies = new WeakMap<IncomingMessage, Buffer>();
export const rawBodyOf = (req: IncomingMessage): Buffer | undefined => rawBodies.get(req);
const contentEncodingOf = (req: Request) => (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();

/**
 * JSON request bodies (`application/json`, `application/*+json`) with the input rules every service shares:
 * at most `limit` once decoded; a `Content-Encoding` the parser does not inflate is a 415 naming it; a body
 * that is not what its encoding says (`br` or `gzip` on plain JSON: zlib's error, which reached clients as a
 * 500) is a 400; a document nested past `maxDepth` is a 400 naming the limit (docs/adr/0023, 0062).
 */
export function jsonBody({ limit = '2mb', maxDepth = 256 }: JsonBodyOptions = {}): RequestHandler {
  const parse = express.json({ limit, strict: false, type: JSON_TYPES, verify: (req, _res, bytes) => void rawBodies.set(req, bytes) });
  return (req: Request, res: Response, next: NextFunction) => {
    const encoding = contentEncodingOf(req);
    if (!isBodyEncoding(encoding) && req.is(JSON_TYPES)) {
      return next(new HttpError(415, `Content-Encoding "${encoding}" is not supported: send the body as ${BODY_ENCODINGS.join(', ')}`));
    }
    parse(req, res, (err?: unknown) => {
      if (err) return next(decodingFailed(err, encoding) ? new HttpError(400, `The request body is not valid ${encoding} data, as its Content-Encoding says`) : err);
      if (req.body !== undefined && nestsDeeperThan(req.body, maxDepth)) {
        return next(new HttpError(400, `body nests arrays and objects deeper than ${maxDepth} levels`));
      }
      next();
    });
  };
}

/**
 * A body-parser error from inflating the body: a 400 without the `type` body-parser gives its own errors
 * (too large, malformed JSON, unsupported charset), on a body that claims an encoding.
 */
function decodingFailed(err: unknown, encoding: string): boolean {
  if (encoding === 'identity' || typeof err !== 'object' || err === null) return false;
  return Reflect.get(err, 'status') === 400 && Reflect.get(err, 'type') === undefined;
}
