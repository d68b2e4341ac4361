import { abilitiesOf, type Role } from '@dp/auth';
import { iso, type Links } from '@dp/http';
import type { TranslationRow } from '../data/translations';

/** Translation JSON for a caller with `role` in its organization. */
export function presentTranslation(translation: TranslationRow, role: Role | undefined, links: Links, totalPages: number) {
  return {
    object: 'translation' as const,
    id: translation.id,
    status: translation.status,
    source: { space: translation.source_space_id, language: translation.source_language },
    language: translation.language,
    instructions: translation.instructions,
    // The translated space and its revision, once a run completed (docs/adr/0045).
    ...(translation.result_space_id && translation.result_revision_id
      ? { result: { space: translation.result_space_id, revision: translation.result_revision_id, language: translation.language } }
      : {}),
    createdAt: iso(translation.created_at)!,
    updatedAt: iso(translation.updated_at)!,
    // Measured by the runs: words sent to the provider, pages translated, durations in seconds.
    stats: {
      runs: translation.runs,
      totalWords: Number(translation.total_words),
      totalPages,
      totalDuration: Math.round(Number(translation.total_duration_ms) / 1000),
      latestRunDuration: Math.round(translation.latest_run_duration_ms / 1000),
      latestPages: translation.latest_pages,
      latestWords: translation.latest_words,
    },
    permissions: translationPermissions(role),
    urls: { location: links.api(`/orgs/${translation.organization_id}/translations/${translation.id}`) },
  };
}

/** `permissions` {view, edit} of a translation: any member may view it; creating and deleting take `createContent`. */
export function translationPermissions(role: Role | null | undefined) {
  const a = abilitiesOf(role);
  return { view: a.view, edit: a.createContent };
}
