import { sqlMigration } from '@dp/db';

/**
 * Event delivery and the runtime (docs/adr/0043): when each event is next tried and until when an attempt
 * holds it, how many attempts it had; an integration's secrets and signing secret sealed at rest (the
 * plaintext `secrets` column is emptied by the api at start, once it has sealed them); its development
 * tunnel. Events recorded before delivery existed are due now.
 */
export const eventDelivery = sqlMigration(
  '20261225000502_event_delivery',
  `
      alter table integration_events add column if not exists attempts integer not null default 0;
      alter table integration_events add column if not exists next_attempt_at timestamptz;
      alter table integration_events add column if not exists leased_until timestamptz;
      alter table integration_events add column if not exists finished_at timestamptz;
      update integration_events set next_attempt_at = created_at where status = 'pending' and next_attempt_at is null;
      create index if not exists integration_events_due on integration_events (next_attempt_at) where status = 'pending';
      alter table integrations add column if not exists secrets_sealed text;
      alter table integrations add column if not exists signing_secret_sealed text;
      alter table integrations add column if not exists dev_tunnel_url text;
      alter table integrations add column if not exists dev_all boolean not null default false;
    `,
);
