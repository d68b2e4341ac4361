import type { NextFunction, Request, Response } from 'express';
import { forbidden, notFound, unauthorized } from '@dp/http';
import { ASSERTION_HEADER, verifyAssertion, type Caller } from './assertion';
import { can, type Ability, type Role } from './roles';

declare module 'express-serve-static-core' {
  interface Request {
    caller: Caller;
  }
}

/** Rejects any request that does not carry a valid caller assertion from the gateway. */
export function requireCaller(secret: string) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const caller = verifyAssertion(req.header(ASSERTION_HEADER), secret);
    if (!caller) return next(unauthorized());
    req.caller = caller;
    next();
  };
}

export function requireStaff(req: Request, _res: Response, next: NextFunction) {
  if (!req.caller?.staff) return next(forbidden('Only staff may do this'));
  next();
}

export function roleIn(caller: Caller, organizationId: string): Role | undefined {
  return caller.memberships[organizationId];
}

/**
 * Authorizes `ability` on something owned by `organizationId`. A caller who is not a member gets 404 (they
 * may not know it exists); a member whose role lacks the ability gets 403. Returns the caller's role.
 */
export function authorize(caller: Caller, organizationId: string, ability: Ability, what = 'Resource'): Role {
  const role = roleIn(caller, organizationId);
  if (!role) throw notFound(what);
  if (!can(role, ability)) throw forbidden(`Your role "${role}" does not allow this (needs "${ability}")`);
  return role;
}

export function requireUser(caller: Caller): string {
  if (!caller.userId) throw forbidden('This endpoint needs a user token');
  return caller.userId;
}
