import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who caused what a process does now (docs/adr/0095): a request's caller (set by the auth middleware), or the
 * system handling an event or running a job. Every event emitted meanwhile carries it as CloudEvents extension
 * attributes, so the audit log records the actor of each committed change without any emitter passing it.
 */
export interface EventActor {
  type: 'user' | 'system' | 'support';
  id: string;
  /** The official audit source: `api` for a caller's request, `workflow` for what the platform did by itself. */
  source: 'api' | 'workflow';
  /** The event whose handling caused this (a later system effect). */
  causedBy?: string;
  /** Shared by every effect of one request: its request id, carried on by the events its effects cause. */
  correlation?: string;
}

const store = new AsyncLocalStorage<EventActor>();

/** Runs `fn` (and everything it starts) as `actor`. */
export const withActor = <T>(actor: EventActor, fn: () => T): T => store.run(actor, fn);
export const currentActor = (): EventActor | undefined => store.getStore();

/** The system handling `event` on `queue`: what it emits is caused by that event and carries its correlation on. */
export const handlingActor = (queue: string, event: { id: string; correlationid?: string }): EventActor => ({
  type: 'system',
  id: queue,
  source: 'workflow',
  causedBy: event.id,
  ...(event.correlationid ? { correlation: event.correlationid } : {}),
});

/** The envelope's attributes naming the current actor (none outside any: a job's or a startup's effect). */
export function actorAttributes(actor = currentActor()): CloudEventActor {
  if (!actor) return {};
  return { actortype: actor.type, actorid: actor.id, actorsource: actor.source, ...(actor.causedBy ? { causedby: actor.causedBy } : {}), ...(actor.correlation ? { correlationid: actor.correlation } : {}) };
}

/** CloudEvents extension attributes (lower-case letters only, as the spec asks) of the actor. */
export interface CloudEventActor {
  actortype?: EventActor['type'];
  actorid?: string;
  actorsource?: EventActor['source'];
  causedby?: string;
  correlationid?: string;
}
