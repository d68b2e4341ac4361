import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { forbidden, notFound, unauthorized } from '@dp/errors';
import { ASSERTION_HEADER, verifyAssertion, type Caller } from './assertion';
import { can, type Ability, type Role } from '@dp/roles';
import { withActor, type EventActor } from '@dp/events';

declare module 'express-serve-static-core' {
  interface Request {
    caller: Caller;
  }
}

/**
 * Where a service gets the roles of a user whose assertion does not carry them inline (docs/adr/0022):
 * identity's internal endpoint, asked with the caller's own assertion (`identityMemberships`), or, in identity
 * itself, its own tables.
 */
export type MembershipSource = (userId: string, assertion: string) => Promise<CallerAccess>;

/** What a user holds beyond who they are: their role per organization and their teams (docs/adr/0097). */
export type CallerAccess = Pick<Caller, 'memberships'> & { teams: readonly string[] };

export interface RequireCallerOptions {
  memberships: MembershipSource;
  /** Verified assertions kept (LRU), each until it expires. */
  maxCached?: number;
}

/**
 * Rejects any request that does not carry a valid caller assertion from the gateway. The gateway signs one
 * assertion per caller and reuses it until shortly before it expires, so a verified assertion (with the roles
 * fetched for it, when they did not travel inline) is kept until it expires: a hot caller costs one map lookup.
 */
export function requireCaller(secret: string, opts: RequireCallerOptions) {
  const verified = new LRUCache<string, Promise<Caller>>({ max: opts.maxCached ?? 10_000 });
  const resolve = async (token: string): Promise<Caller | undefined> => {
    const hit = verified.get(token);
    if (hit) return hit;
    const claims = verifyAssertion(token, secret);
    if (!claims) return undefined;
    const { userId, staff, service } = claims;
    const caller: Promise<Caller> = claims.memberships || !userId
      ? Promise.resolve({ userId, staff, service, memberships: claims.memberships ?? {}, teams: claims.teams ?? [] })
      : opts.memberships(userId, token).then(({ memberships, teams }) => ({ userId, staff, service, memberships, teams }));
    // Concurrent requests with the same assertion share one fetch; a failed fetch is not kept.
    verified.set(token, caller, { ttl: Math.max(1, claims.exp * 1000 - Date.now()) });
    caller.catch(() => verified.delete(token));
    return caller;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    resolve(req.header(ASSERTION_HEADER) ?? '').then(
      (caller) => {
        if (!caller) return next(unauthorized());
        req.caller = caller;
        res.locals.callerId = callerId(caller);
        // What this request emits names its caller (docs/adr/0095).
        withActor({ ...actorOf(caller), correlation: req.id }, next);
      },
      (err: unknown) => next(err),
    );
  };
}

/** A caller as the actor of what its request changes: a user, staff (support) or a service (the system). */
export function actorOf(caller: Caller): EventActor {
  if (caller.userId) return { type: 'user', id: caller.userId, source: 'api' };
  if (caller.service) return { type: 'system', id: `service:${caller.service}`, source: 'api' };
  return { type: 'support', id: 'staff', source: 'api' };
}

/** Who a caller is in the access log (libs/http `logRequest`): the user's id, `service:<name>` or `staff`. */
export function callerId(caller: Caller): string {
  if (caller.userId) return caller.userId;
  return caller.service ? `service:${caller.service}` : caller.staff ? 'staff' : 'anonymous';
}

/** Lets only `service`'s own assertion through (internal endpoints that answer one service, never a user). */
export function requireService(...services: [string, ...string[]]) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!req.caller?.service || !services.includes(req.caller.service)) return next(forbidden(`Only the ${services.join(' or ')} may call this`));
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
  return authorizeRole(roleIn(caller, organizationId), ability, what);
}

/**
 * Authorizes `ability` for a caller's role on one object (their organization role raised by grants, docs/adr/0096):
 * none is a 404 (they may not know it exists), one that lacks the ability a 403. Returns the role.
 */
export function authorizeRole(role: Role | undefined, ability: Ability, what = 'Resource'): Role {
  if (!role) throw notFound(what);
  if (!can(role, ability)) throw forbidden(`Your role "${role}" does not allow this (needs "${ability}")`);
  return role;
}

export function requireUser(caller: Caller): string {
  if (!caller.userId) throw forbidden('This endpoint needs a user token');
  return caller.userId;
}
