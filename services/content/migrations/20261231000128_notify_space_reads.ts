import { sqlMigration } from '@dp/db';

/**
 * Every statement that writes a table the GET of a space reads (the space, its counters, the grants and defaults its
 * caller's role comes from) notifies `reads_<schema>`, so each content process empties its cache of those reads
 * (docs/adr/0113). A trigger, not the commands: no write path can forget it, the workers' and other replicas' included.
 */
const tables = ['spaces', 'collections', 'comments', 'change_requests', 'space_user_permissions', 'space_team_permissions', 'collection_user_permissions', 'collection_team_permissions'];

export const notifySpaceReads = sqlMigration(
  '20261231000128_notify_space_reads',
  `
      create or replace function notify_space_reads() returns trigger language plpgsql as $$
      begin
        perform pg_notify('reads_' || tg_table_schema, '');
        return null;
      end
      $$;
${tables.map((table) => `      create or replace trigger ${table}_notify_reads after insert or update or delete or truncate on ${table} for each statement execute function notify_space_reads();`).join('\n')}
  `,
);
