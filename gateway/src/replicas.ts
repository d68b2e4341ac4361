import { randomUUID } from 'node:crypto';
import type { Bus } from '@dp/bus';
import { createEvent, GatewayEvents, isCatalogEvent } from '@dp/events';
import type { Logger } from '@dp/log';

/** A replica not heard for this many of its own heartbeat intervals is counted gone. */
const MISSED_BEATS = 3;

/**
 * The gateway replicas heard from recently, this one included (docs/adr/0055). Pure (the clock is passed in),
 * so the rule is unit-tested without timers or a broker.
 */
export class ReplicaRoster {
  private readonly lastHeard = new Map<string, { atMs: number; everyMs: number }>();

  constructor(readonly self: string) {}

  heard(replicaId: string, everyMs: number, atMs: number): void {
    if (replicaId !== this.self) this.lastHeard.set(replicaId, { atMs, everyMs });
  }

  /** This replica and every other one heard within its last `MISSED_BEATS` intervals; the rest are forgotten. */
  count(nowMs: number): number {
    for (const [id, { atMs, everyMs }] of this.lastHeard) if (nowMs - atMs > MISSED_BEATS * everyMs) this.lastHeard.delete(id);
    return 1 + this.lastHeard.size;
  }

  /** Forgets every other replica (the bus dropped: what it said may be old, and what it missed is unknown). */
  clear(): void {
    this.lastHeard.clear();
  }
}

export interface LiveReplicas {
  /** How many gateway replicas are running, as heard on the bus; undefined while this one does not hear it. */
  count(): number | undefined;
  stop(): void;
}

/**
 * Makes this gateway heard by the others and hears them: `gateway.replica.alive` every `everyMs` (published
 * straight to the broker: the gateway has no outbox, and a lost heartbeat only makes the count lag), and a
 * broadcast queue of this process for theirs. Until it listens, and whenever the bus drops, the count is
 * unknown and the caller falls back to the configured replica count.
 */
export function startReplicaHeartbeat({ bus, everyMs, log }: { bus: Bus; everyMs: number; log: Logger }): LiveReplicas {
  const roster = new ReplicaRoster(randomUUID());
  let listening = false;
  let warned = false;
  const beat = async () => {
    try {
      await bus.publish([createEvent(GatewayEvents.REPLICA_ALIVE, { replicaId: roster.self, everyMs }, { source: '/gateway' })]);
      warned = false;
    } catch (err) {
      // Once per outage: the broadcast's own `onListening(false)` already switches the count off.
      if (!warned) log.warn({ err: (err as Error).message }, 'gateway heartbeat not published');
      warned = true;
    }
  };
  void bus
    .broadcast({
      bindings: [GatewayEvents.REPLICA_ALIVE],
      handle: (event) => {
        if (isCatalogEvent(event, GatewayEvents.REPLICA_ALIVE)) roster.heard(event.data.replicaId, event.data.everyMs, Date.now());
      },
      onListening: (now) => {
        if (!now) roster.clear();
        listening = now;
        // Heard at once by the others, rather than one interval later.
        if (now) void beat();
      },
    })
    .catch((err: Error) => log.warn({ err: err.message }, 'gateway replicas not heard: the configured GATEWAY_REPLICAS is used'));
  const timer = setInterval(() => void beat(), everyMs);
  timer.unref();
  return {
    count: () => (listening ? roster.count(Date.now()) : undefined),
    stop: () => clearInterval(timer),
  };
}
