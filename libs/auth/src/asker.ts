import type { Request } from 'express';
import { onBehalfOf, type OnBehalfOf } from '@dp/http';
import type { Caller } from './assertion';

/**
 * Who asks, with the signed assertion that lets another service authorize them too: what a command that
 * calls another service on a caller's behalf takes (sites asking content, integrations asking identity...).
 */
export interface Asker {
  caller: Caller;
  on: OnBehalfOf;
}

/** The asker of a request that requireCaller has verified. */
export const askerOf = (req: Pick<Request, 'caller' | 'header' | 'id'>): Asker => ({ caller: req.caller, on: onBehalfOf(req) });
