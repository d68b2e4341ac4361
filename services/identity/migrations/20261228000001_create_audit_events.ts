import { sqlMigration } from '@dp/db';

/**
 * The organization audit log (docs/adr/0095): one row per committed change, recorded from the events on the bus.
 * Append-only: a trigger refuses every update, and every delete but the retention job's (which says so with
 * `set local audit.retention = 'on'` in its own transaction) of rows past the retention.
 */
export const createAuditEvents = sqlMigration(
  '20261228000001_create_audit_events',
  `
      create table if not exists audit_events (
        seq bigserial primary key,
        id uuid not null unique,
        organization_id text not null,
        occurred_at timestamptz not null,
        action text not null,
        actor_type text not null,
        actor_id text not null,
        actor_label text,
        source text not null,
        target_type text not null,
        target_id text not null,
        target_label text,
        correlation_id text,
        caused_by text,
        payload jsonb not null default '{}'
      );
      create index if not exists audit_events_org_seq on audit_events (organization_id, seq);
      create index if not exists audit_events_time on audit_events (occurred_at);
      create or replace function audit_events_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and coalesce(current_setting('audit.retention', true), '') = 'on' then
          return old;
        end if;
        raise exception 'audit_events is append-only (% refused)', tg_op;
      end $$;
      drop trigger if exists audit_events_append_only on audit_events;
      create trigger audit_events_append_only before update or delete on audit_events
        for each row execute function audit_events_append_only();
    `,
);
