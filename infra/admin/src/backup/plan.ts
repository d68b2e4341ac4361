import { AdminError } from '../errors';
import type { BackupHeader } from './format';

/** A context's schema in the deployment a backup is restored into, as the catalog shows it before the restore. */
export interface RestoreTarget {
  context: string;
  schema: string;
  /** The migrations its code knows, in order (the shared outbox and inbox first). */
  known: string[];
  /** Those already applied to the schema (null: no schema or never migrated). */
  applied: string[] | null;
  /** Tables of the schema that hold rows. */
  filled: string[];
}

/**
 * Checks that a backup can go into the targets, and says which migrations bring each schema to the backup's
 * level before its rows are loaded (the rest run after them, so an older backup restores into newer code).
 * Restore only fills empty schemas: it never merges into data that is there.
 */
export function planRestore(header: BackupHeader, targets: RestoreTarget[]): Array<{ context: string; schema: string; migrations: string[] }> {
  const byContext = new Map(targets.map((target) => [target.context, target]));
  return header.contexts
    .filter(({ migrations }) => migrations.length > 0)
    .map(({ context, migrations }) => {
      const target = byContext.get(context);
      if (!target) throw new AdminError(`the backup holds context "${context}", which this version does not have`);
      const unknown = migrations.filter((name) => !target.known.includes(name));
      if (unknown.length) {
        throw new AdminError(`the backup's ${context} schema has migrations this version does not know (${unknown.join(', ')}): restore with the version that took the backup, or a newer one`);
      }
      if (target.filled.length) {
        throw new AdminError(`restore fills empty schemas only: ${target.filled.map((table) => `${target.schema}.${table}`).join(', ')} already hold rows`);
      }
      const taken = new Set(migrations);
      if (target.applied && target.applied.length && (target.applied.length !== taken.size || target.applied.some((name) => !taken.has(name)))) {
        throw new AdminError(`${target.schema} is migrated to another level than the backup's ${context} schema: drop the schema (it holds no rows) and restore again`);
      }
      return { context, schema: target.schema, migrations: target.known.filter((name) => taken.has(name)) };
    });
}
