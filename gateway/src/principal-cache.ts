import { LRUCache } from 'lru-cache';
import { ASSERTION_TTL_SECONDS, signAssertion, type Caller } from '@dp/auth';
import type { Bus } from '@dp/bus';
import { IdentityEvents, type CloudEvent } from '@dp/events';
import type { Logger } from '@dp/log';

/**
 * A token's caller as identity answers it, with the token's expiry (epoch ms) when it has one: the cache never
 * keeps it past that moment.
 */
export type FetchedPrincipal = Caller & { expiresAt?: number };

/** Who a token belongs to, by its hash, from identity; undefined for an unknown, revoked or expired token. */
export type PrincipalFetcher = (tokenHash: string) => Promise<FetchedPrincipal | undefined>;

/**
 * Identity's events after which a cached principal may be wrong (docs/adr/0021). A revoked token's event names
 * its owner, whose entries all go. `identity.organization.deleted` has no publisher yet (identity cannot delete
 * an organization today): bound now so that the operation that adds it is honoured without a change here.
 */
export const PRINCIPAL_EVENTS = [
  IdentityEvents.MEMBER_ADDED,
  IdentityEvents.MEMBER_UPDATED,
  IdentityEvents.MEMBER_REMOVED,
  IdentityEvents.TOKEN_REVOKED,
  // The principal carries the caller's teams (docs/adr/0097): a team grant follows membership on the next request.
  IdentityEvents.TEAM_MEMBER_ADDED,
  IdentityEvents.TEAM_MEMBER_REMOVED,
  IdentityEvents.TEAM_DELETED,
  'identity.organization.deleted',
] as const;

/** A token's caller and the assertion signed for them, forwarded to the services. */
export interface Principal {
  caller: Caller;
  assertion: string;
}

/** A cached principal with the assertion signed for it, reused until RESIGN_AFTER_MS. */
interface Entry {
  caller: Caller;
  assertion: string;
  signedAt: number;
}

/** Re-signed this long before the assertion expires, so none reaches a service about to expire. */
const RESIGN_MARGIN_MS = 15_000;

export interface PrincipalCacheOptions {
  fetch: PrincipalFetcher;
  /** Signs the callers' assertions. */
  secret: string;
  /** Backstop: an entry is fetched again after this long even if no event said so. */
  ttlMs: number;
  /** Memberships held in all (an entry weighs 1 + its organizations and teams), so a few huge callers cannot exhaust memory. */
  maxWeight?: number;
  log?: Logger;
}

/**
 * The gateway's principal cache (docs/adr/0021): token hash -> caller and the assertion signed for them, filled
 * from identity on a miss, evicted by identity's events (broadcast to every gateway process), by the caller's
 * own writes to identity (read-your-writes) and by a TTL backstop. It caches only while the bus listens: a
 * dropped connection may have lost events, so the cache is flushed and serves uncached until it listens again.
 */
export class PrincipalCache {
  private readonly entries: LRUCache<string, Entry>;
  /** userId -> token hashes cached for them, to evict by the user an event names. */
  private readonly byUser = new Map<string, Set<string>>();
  private readonly inflight = new Map<string, Promise<FetchedPrincipal | undefined>>();
  /** Bumped by every eviction: a fetch that started before one may have read what it changed, and is not kept. */
  private epoch = 0;
  private listening = false;
  private readonly resignAfterMs = ASSERTION_TTL_SECONDS * 1000 - RESIGN_MARGIN_MS;

  constructor(private readonly opts: PrincipalCacheOptions) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: opts.maxWeight ?? 2_000_000,
      sizeCalculation: (entry) => 1 + Object.keys(entry.caller.memberships).length + (entry.caller.teams?.length ?? 0),
      ttl: opts.ttlMs,
      dispose: (entry, tokenHash) => this.unindex(entry.caller.userId, tokenHash),
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether `tokenHash` is cached: resolving it costs identity nothing (the rate limit counts it by its principal). */
  holds(tokenHash: string): boolean {
    return this.entries.has(tokenHash);
  }

  /** The caller of `tokenHash` and the assertion to forward; undefined for an unknown token. */
  async resolve(tokenHash: string): Promise<Principal | undefined> {
    const now = Date.now();
    const hit = this.entries.get(tokenHash);
    if (hit) {
      if (now - hit.signedAt > this.resignAfterMs) Object.assign(hit, { assertion: signAssertion(hit.caller, this.opts.secret), signedAt: now });
      return hit;
    }
    const epoch = this.epoch;
    let fetching = this.inflight.get(tokenHash);
    if (!fetching) {
      fetching = this.opts.fetch(tokenHash).finally(() => {
        if (this.inflight.get(tokenHash) === fetching) this.inflight.delete(tokenHash);
      });
      this.inflight.set(tokenHash, fetching);
    }
    const fetched = await fetching;
    if (!fetched) return undefined;
    const { expiresAt, ...caller } = fetched;
    // An expiring token is kept no longer than it lives, so that its first request after is refused.
    const ttl = expiresAt === undefined ? this.opts.ttlMs : Math.min(this.opts.ttlMs, expiresAt - Date.now());
    if (ttl <= 0) return undefined;
    const entry: Entry = { caller, assertion: signAssertion(caller, this.opts.secret), signedAt: now };
    if (this.listening && epoch === this.epoch && !this.entries.has(tokenHash)) {
      this.entries.set(tokenHash, entry, { ttl });
      if (caller.userId) this.byUser.set(caller.userId, (this.byUser.get(caller.userId) ?? new Set()).add(tokenHash));
    }
    return entry;
  }

  /** Forgets one token's entry (the caller just wrote to identity: their next request sees the change). */
  evictToken(tokenHash: string): void {
    this.bump();
    this.entries.delete(tokenHash);
  }

  /** Forgets every entry of `userId`. */
  evictUser(userId: string): void {
    this.bump();
    for (const tokenHash of [...(this.byUser.get(userId) ?? [])]) this.entries.delete(tokenHash);
  }

  /** Forgets every entry of a member of `organizationId`. */
  evictOrganization(organizationId: string): void {
    this.bump();
    const members: string[] = [];
    this.entries.forEach((entry, tokenHash) => {
      if (entry.caller.memberships[organizationId]) members.push(tokenHash);
    });
    for (const tokenHash of members) this.entries.delete(tokenHash);
  }

  /** Forgets every entry of a member of `teamId`. */
  evictTeam(teamId: string): void {
    this.bump();
    const members: string[] = [];
    this.entries.forEach((entry, tokenHash) => {
      if (entry.caller.teams?.includes(teamId)) members.push(tokenHash);
    });
    for (const tokenHash of members) this.entries.delete(tokenHash);
  }

  flush(): void {
    this.bump();
    this.entries.clear();
  }

  /** Applies one of identity's events (PRINCIPAL_EVENTS); eviction is idempotent, so redeliveries are harmless. */
  apply(event: CloudEvent): void {
    const userId = stringField(event.data, 'userId');
    const organizationId = stringField(event.data, 'organizationId');
    const teamId = stringField(event.data, 'teamId');
    if (event.type === 'identity.organization.deleted' && organizationId) this.evictOrganization(organizationId);
    else if (event.type === IdentityEvents.TEAM_DELETED && teamId) this.evictTeam(teamId);
    else if (userId) this.evictUser(userId);
    else this.flush(); // an event of ours without the field we key on: be safe
  }

  /** Whether events reach the cache; caching only while they do (see the class comment). */
  setListening(listening: boolean): void {
    if (listening !== this.listening) this.opts.log?.info({ listening }, listening ? 'principal cache on' : 'principal cache off: events may be missed');
    this.listening = listening;
    this.flush();
  }

  /** Hears identity's events on `bus` (a broadcast queue of this process); resolves once listening. */
  listen(bus: Bus): Promise<void> {
    return bus.broadcast({ bindings: [...PRINCIPAL_EVENTS], handle: (event) => this.apply(event), onListening: (l) => this.setListening(l) });
  }

  private bump(): void {
    this.epoch++;
    this.inflight.clear();
  }

  private unindex(userId: string | undefined, tokenHash: string): void {
    if (!userId) return;
    const hashes = this.byUser.get(userId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.byUser.delete(userId);
  }
}

function stringField(data: unknown, name: string): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const value: unknown = Reflect.get(data, name);
  return typeof value === 'string' ? value : undefined;
}
