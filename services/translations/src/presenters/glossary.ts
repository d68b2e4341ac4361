import { iso, type Links } from '@dp/http';
import type { GlossaryEntryRow } from '../data/glossary';

/** The official GlossaryEntry. */
export function presentGlossaryEntry(entry: GlossaryEntryRow, links: Links) {
  return {
    object: 'glossary-entry' as const,
    id: entry.id,
    translations: entry.translations,
    createdAt: iso(entry.created_at)!,
    updatedAt: iso(entry.updated_at)!,
    urls: { location: links.api(`/orgs/${entry.organization_id}/translations-glossary/${entry.id}`) },
  };
}
