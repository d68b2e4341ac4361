import { sqlMigration } from '@dp/db';

/** What readers of a site did (docs/adr/0093): the official insights events, kept INSIGHTS_RETENTION_DAYS. */
export const createSiteInsightEvents = sqlMigration(
  '20261210000370_create_site_insight_events',
  `
      create table if not exists site_insight_events (
        seq bigserial primary key,
        site_id text not null references sites (id) on delete cascade,
        organization_id text not null,
        type text not null,
        occurred_at timestamptz not null,
        visitor_id text not null,
        session_id text not null,
        url text not null,
        url_path text not null,
        display_context text not null,
        site_section text,
        site_space text,
        site_share_key text,
        space text,
        revision text,
        page text,
        feedback_rating text,
        feedback_comment text,
        search_query text,
        referrer text
      );
      create index if not exists site_insight_events_site_time on site_insight_events (site_id, occurred_at);
      create index if not exists site_insight_events_time on site_insight_events (occurred_at);
    `,
);
