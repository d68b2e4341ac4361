import type { Knex } from 'knex';
import { handlingActor, withActor, type CatalogEvent, type CloudEvent, type EventData, type EventType } from '@dp/events';
import type { Logger } from '@dp/log';
import { recordInInbox } from '@dp/db';
import { defaultTracer, inConsumerSpan, type Tracer } from '@dp/tracing';
import { timeHandling } from './handling-log';
import type { Bus, RetryPolicy } from './types';

/** Adds an event of this context to its outbox inside `trx` (published if and only if `trx` commits). */
export type Emit = <T extends EventType>(trx: Knex.Transaction, type: T, data: NoInfer<EventData<T>>, subject?: string) => Promise<void>;

/**
 * One consumed event type, handled inside the transaction that also records it in the inbox; events the
 * handler causes go out through `emit`, in that same transaction. The event's data is typed from the
 * catalog, so a handler that reads what its producer does not send fails to compile.
 */
export interface EventHandler<T extends EventType> {
  type: T;
  handle(event: CatalogEvent<T>, trx: Knex.Transaction, log: Logger, emit: Emit): Promise<void>;
}

/** A handler that reads its events as bare envelopes, whatever their type (the audit log records them all, docs/adr/0095). */
export interface EnvelopeHandler {
  type: EventType;
  handle(event: CloudEvent, trx: Knex.Transaction, log: Logger, emit: Emit): Promise<void>;
}

/** A context's list of handlers: each of them typed by its own event type (or reading bare envelopes). */
export type AnyEventHandler = { [T in EventType]: EventHandler<T> }[EventType] | EnvelopeHandler;

/** A handler of one catalogued type; `event.data` is that type's data. */
export function defineHandler<T extends EventType>(type: T, handle: EventHandler<T>['handle']): EventHandler<T> {
  return { type, handle };
}

/**
 * What the consumer binds: a routing key and a handler of any envelope. Services pass catalogued handlers;
 * the bus's own tests route types outside the catalog.
 */
export interface ConsumerHandler<T = unknown> {
  type: string;
  handle(event: CloudEvent<T>, trx: Knex.Transaction, log: Logger, emit: Emit): Promise<void>;
}

export interface ConsumerOptions {
  db: Knex;
  bus: Bus;
  /** Queue name: the consuming context (`sites`, `integrations`...). */
  queue: string;
  handlers: readonly ConsumerHandler[];
  log: Logger;
  /** How handlers emit their own context's events (a service's worker passes its outbox). */
  emit?: Emit;
  retry?: RetryPolicy;
  prefetch?: number;
  /** The worker's tracer (libs/tracing `startTracing`); absent, the global one (no-op unless tracing is on). */
  tracer?: Tracer;
}

/**
 * A context's handlers as one per event type (what a queue binds): several of one type, each with its own job (the
 * audit log, a count), run in turn in the delivery's one transaction, so that all or none take effect.
 */
export function oneHandlerPerType(handlers: readonly AnyEventHandler[]): AnyEventHandler[] {
  const byType = new Map<EventType, AnyEventHandler[]>();
  for (const handler of handlers) byType.set(handler.type, [...(byType.get(handler.type) ?? []), handler]);
  return [...byType].map(([type, all]) =>
    all.length === 1
      ? all[0]
      : ({
          type,
          async handle(event, trx, log, emit) {
            // Each was written for this type's data, which the consumer checked against the catalog.
            for (const handler of all) await (handler as EnvelopeHandler).handle(event, trx, log, emit);
          },
        } satisfies EnvelopeHandler),
  );
}

/**
 * Binds a context's queue to the types its handlers take. Each delivery runs in one transaction with its
 * inbox row, so a redelivered event (relay retry, consumer crash before ack) has no second effect; a
 * handler that throws rolls both back and the transport retries it, then parks it in the dead-letter queue.
 */
const noOutbox: Emit = async (_trx, type) => {
  throw new Error(`this consumer has no outbox to emit ${type} into`);
};

export async function startConsumer({ db, bus, queue, handlers, log, emit = noOutbox, retry, prefetch, tracer = defaultTracer() }: ConsumerOptions): Promise<void> {
  const byType = new Map(handlers.map((h) => [h.type, h]));
  if (byType.size !== handlers.length) throw new Error(`queue ${queue}: one handler per event type`);
  await bus.subscribe({
    queue,
    bindings: [...byType.keys()],
    retry,
    prefetch,
    // Each delivery in a consumer span, child of the span that emitted the event (libs/tracing, docs/adr/0048):
    // the handler's log lines carry the trace id, and the events it emits continue the trace.
    handle: (event, { attempt }) =>
      inConsumerSpan(tracer, event, queue, async (traceId) => {
        const handler = byType.get(event.type);
        const eventLog = log.child({ eventId: event.id, type: event.type, attempt, traceId });
        // One line and one `dp_event_handling_duration_seconds` observation per delivery (./handling-log.ts).
        const done = timeHandling(eventLog, queue, event.type);
        if (!handler) return done('unhandled');
        const fresh = await db
          .transaction(async (trx) => {
            if (!(await recordInInbox(trx, queue, event.id, event.type))) return false;
            // What the handler emits is the system's doing, caused by this event (docs/adr/0095).
            await withActor(handlingActor(queue, event), () => handler.handle(event, trx, eventLog, emit));
            return true;
          })
          .catch((err: unknown) => {
            done('failed', err);
            throw err;
          });
        done(fresh ? 'handled' : 'duplicate');
      }),
  });
}
