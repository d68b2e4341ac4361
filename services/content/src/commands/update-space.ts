import type { Caller, Role } from '@dp/auth';
import { ContentEvents } from '@dp/events';
import { forbidden } from '@dp/http';
import type { ContentContext } from '../context';
import { updateSpace, type SpaceRow } from '../data/spaces';
import { abilityForSpacePatch, fieldsRefusedByLock, type SpaceSettingsField } from '../domain/space-lifecycle';
import { versionedSnapshot } from './space-events';
import { loadAuthorizedSpace } from '../queries/load-space';
import type { UpdateSpaceBody } from '../schemas/spaces';

const COLUMNS: Record<SpaceSettingsField, keyof SpaceRow> = { title: 'title', emoji: 'emoji', editMode: 'edit_mode', defaultLevel: 'default_level', mergeRules: 'merge_rules', language: 'language' };

export async function updateSpaceSettings(ctx: ContentContext, caller: Caller, spaceId: string, patch: UpdateSpaceBody): Promise<{ space: SpaceRow; role: Role }> {
  const fields = Object.keys(patch) as SpaceSettingsField[];
  return ctx.db.transaction(async (trx) => {
    const { space, role } = await loadAuthorizedSpace(trx, caller, spaceId, abilityForSpacePatch(fields));
    const refused = fieldsRefusedByLock(space.edit_mode, fields, patch.editMode);
    if (refused.length) throw forbidden(`Space is locked: ${refused.join(', ')} cannot be changed until editMode is set back to "live"`);
    // Merge rules are a JSON document (jsonb): written as its text.
    const row = Object.fromEntries(fields.map((f) => [COLUMNS[f], f === 'mergeRules' ? JSON.stringify(patch.mergeRules) : (patch[f] ?? null)]));
    const updated = await updateSpace(trx, spaceId, row);
    await ctx.emit(trx, ContentEvents.SPACE_UPDATED, { space: await versionedSnapshot(trx, updated) }, spaceId);
    return { space: updated, role };
  });
}
