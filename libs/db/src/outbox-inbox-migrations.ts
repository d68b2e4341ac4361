import type { Migration } from './migrate';

/** Every service's schema gets the same outbox and inbox tables. */
export const outboxInboxMigrations: Migration[] = [
  {
    name: '00000000000001_create_outbox',
    up: async (db) => {
      await db.raw(`
        create table if not exists outbox (
          seq bigint generated always as identity primary key,
          id uuid not null unique,
          type text not null,
          event jsonb not null,
          created_at timestamptz not null default now(),
          published_at timestamptz,
          attempts int not null default 0,
          last_error text
        );
        create index if not exists outbox_unpublished on outbox (seq) where published_at is null;
      `);
    },
  },
  {
    name: '00000000000002_create_inbox',
    up: async (db) => {
      await db.raw(`
        create table if not exists inbox (
          event_id text not null,
          consumer text not null,
          type text not null,
          handled_at timestamptz not null default now(),
          primary key (event_id, consumer)
        );
      `);
    },
  },
  {
    // The W3C trace context an event was written in (docs/adr/0048): the relay sends it with the event.
    name: '00000000000003_add_outbox_trace_context',
    up: async (db) => {
      await db.raw(`
        alter table outbox add column if not exists traceparent text;
        alter table outbox add column if not exists tracestate text;
      `);
    },
  },
];
