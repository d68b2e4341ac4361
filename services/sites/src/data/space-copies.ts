import type { Knex } from 'knex';
import { jsonb, type Writable } from '@dp/db';
import type { SpaceCounts, SpaceSnapshot } from '@dp/events';
import type { SpaceColumns } from '@dp/presenters';

/** This context's copy of a space of content, as content last described it. */
export interface SpaceCopyRow extends SpaceColumns {
  synced_at: Date;
  /** Content's counters at the last snapshot that carried them. */
  counts: SpaceCounts | null;
  /** Version of the snapshot written last (bigint: a string), null when none carried one. */
  snapshot_version: string | null;
}

export const lockSpaceCopy = (trx: Knex.Transaction, id: string): Promise<SpaceCopyRow | undefined> =>
  trx<SpaceCopyRow>('space_copies').where({ id }).forUpdate().first();

function columns(db: Knex, s: SpaceSnapshot): Writable<SpaceCopyRow> {
  return {
    organization_id: s.organization,
    title: s.title,
    emoji: s.emoji || null,
    visibility: s.visibility,
    edit_mode: s.editMode ?? 'live',
    parent_id: s.parent ?? null,
    default_level: s.defaultLevel === undefined ? 'inherit' : s.defaultLevel,
    revision_id: s.revision,
    created_at: new Date(s.createdAt),
    updated_at: new Date(s.updatedAt),
    deleted_at: s.deletedAt ? new Date(s.deletedAt) : null,
    // Not every snapshot carries counters: one that does not keeps the ones already copied.
    ...(s.counts ? { counts: jsonb(db, s.counts) } : {}),
    // And the merge rules: a snapshot from before spaces had them keeps what was copied.
    ...(s.mergeRules ? { merge_rules: jsonb(db, s.mergeRules) } : {}),
    // And the language.
    ...(s.language !== undefined ? { language: s.language } : {}),
    // Likewise the version: a fresh read of content's JSON has none and keeps the last event's.
    ...(s.version !== undefined ? { snapshot_version: String(s.version) } : {}),
  };
}

/** Creates the copy; returns undefined when a concurrent writer created it first (then lock and decide). */
export async function insertSpaceCopy(trx: Knex.Transaction, snapshot: SpaceSnapshot): Promise<SpaceCopyRow | undefined> {
  const [copy] = await trx<SpaceCopyRow>('space_copies')
    .insert({ id: snapshot.id, ...columns(trx, snapshot) })
    .onConflict('id')
    .ignore()
    .returning('*');
  return copy;
}

/** Writes the snapshot over the copy (the caller holds its lock and decided the snapshot is current). */
export async function overwriteSpaceCopy(trx: Knex.Transaction, snapshot: SpaceSnapshot): Promise<SpaceCopyRow> {
  const [copy] = await trx<SpaceCopyRow>('space_copies')
    .where({ id: snapshot.id })
    .update({ ...columns(trx, snapshot), synced_at: trx.fn.now() })
    .returning('*');
  return copy;
}

export const deleteSpaceCopy = (trx: Knex.Transaction, id: string) => trx('space_copies').where({ id }).delete();
