import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { Caller, Role } from '@dp/auth';
import type { SpaceCounts } from '@dp/events';
import type { SpaceRow } from '../data/spaces';

/** What the GET of a space reads for one caller: the space, its counters and the caller's role on it. */
export interface SpaceRead {
  space: SpaceRow;
  counts: SpaceCounts;
  role: Role;
}

const callerKeys = new WeakMap<Caller, string>();
/** Everything of a caller their role can depend on; a verified caller is one object per assertion, so made once. */
function callerKey(caller: Caller): string {
  let key = callerKeys.get(caller);
  if (key === undefined) {
    key = JSON.stringify([caller.userId, caller.staff, caller.service, caller.memberships, caller.teams]);
    callerKeys.set(caller, key);
  }
  return key;
}

/**
 * The GET of a space, kept per space and caller between requests (docs/adr/0113), bounded by what it weighs.
 * It empties on every write of the tables those reads come from, wherever it is made: a trigger notifies the
 * schema's `reads_` channel (migration 128) and `listening` says whether this process hears it now. While it does
 * not (the LISTEN connection is down), nothing is kept. A process's own writes empty it before they answer
 * (`emptiedByWrites`), so a caller reads what they just wrote; another process's writes reach it when the
 * notification does, after their commit (milliseconds). A read that began before an emptying is not kept: it may
 * hold what the write replaced.
 */
export class SpaceReadCache {
  private readonly entries: LRUCache<string, SpaceRead>;
  private generation = 0;
  private writesInFlight = 0;

  constructor(
    maxBytes: number,
    private readonly listening: () => boolean,
  ) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (read, key) => 2 * (key.length + JSON.stringify(read).length) });
  }

  /** The caller's read of the space: kept, or loaded by `load` (and kept when nothing changed meanwhile). */
  async read(spaceId: string, caller: Caller, load: () => Promise<SpaceRead>): Promise<SpaceRead> {
    const key = `${spaceId}\n${callerKey(caller)}`;
    const kept = this.entries.get(key);
    if (kept) return kept;
    const generation = this.generation;
    const read = await load();
    if (generation === this.generation && this.writesInFlight === 0 && this.listening()) this.entries.set(key, read);
    return read;
  }

  /** Forgets everything, and every read under way. */
  empty(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Middleware: a request that may write (any method but GET and HEAD) empties the cache when it starts, keeps it
   * from filling while it runs and empties it again when it ends, before the next request of its client can arrive.
   */
  emptiedByWrites() {
    return (req: Request, res: Response, next: NextFunction) => {
      if (req.method === 'GET' || req.method === 'HEAD') return next();
      this.empty();
      this.writesInFlight++;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        this.writesInFlight--;
        this.empty();
      };
      // 'finish' when the answer went out, 'close' when the client left first: whichever comes, once.
      res.once('finish', end);
      res.once('close', end);
      next();
    };
  }
}
