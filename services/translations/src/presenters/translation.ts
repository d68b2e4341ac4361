import { abilitiesOf, type Role } from '@dp/auth';
import { iso, type Links } from '@dp/http';
import type { TranslationRow } from '../data/translations';

/** Translation JSON for a caller with `role` in its organization. */
export function presentTranslation(translation: TranslationRow, role: Role | undefined, links: Links) {
  return {
    object: 'translation' as const,
    id: translation.id,
    status: translation.status,
    source: { space: translation.source_space_id, language: translation.source_language },
    language: translation.language,
    instructions: translation.instructions,
    // `result` (the translated space and revision) exists once a run has produced one; runs come in a later issue.
    createdAt: iso(translation.created_at)!,
    updatedAt: iso(translation.updated_at)!,
    // Stats summarise runs; no run exists before the translation-run issue, so every count is truly 0.
    stats: { runs: 0, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0, latestPages: 0, latestWords: 0 },
    permissions: translationPermissions(role),
    urls: { location: links.api(`/orgs/${translation.organization_id}/translations/${translation.id}`) },
  };
}

/** `permissions` {view, edit} of a translation: any member may view it; creating and deleting take `createContent`. */
export function translationPermissions(role: Role | null | undefined) {
  const a = abilitiesOf(role);
  return { view: a.view, edit: a.createContent };
}
