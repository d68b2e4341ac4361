import { siteSpacePath } from './site-rules';

/**
 * Rules of a site's structure: sections, section groups and the site spaces inside them (docs/adr/0038).
 * Pure: no express, no knex, no I/O; unit-tested in test/domain.
 */

/** Official SiteSectionTitle: 2 to 128 characters. */
export const SECTION_TITLE_MIN_LENGTH = 2;
export const SECTION_TITLE_MAX_LENGTH = 128;
/** Title of a section when neither the caller nor its space gives a usable one. */
export const UNTITLED_SECTION = 'Untitled section';

/**
 * A path of a section or a site space is one URL segment: letters, digits, `-`, `_`, `.` and `~` (the
 * characters a URL path segment carries unescaped), not starting with a dot, so that `urls.published` is
 * always a valid URL and never climbs up (`..`).
 */
export const PATH_PATTERN = '^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$';

/** The title a section gets from the caller, else from the space it starts with. */
export function sectionTitle(requested: string | null | undefined, spaceTitle: string): string {
  if (requested) return requested;
  const trimmed = spaceTitle.trim().slice(0, SECTION_TITLE_MAX_LENGTH);
  return trimmed.length >= SECTION_TITLE_MIN_LENGTH ? trimmed : UNTITLED_SECTION;
}

/** A new section's path: its title as a slug, unique in the site (`guides`, `guides-2`, ...). */
export const sectionPath = (title: string, taken: ReadonlySet<string>) => siteSpacePath(title, taken);

/**
 * The default among items in their order: the one marked default, else (none is: the container was empty,
 * or its default just left) the first; none when empty. Sections of a site and site spaces of a section
 * follow it alike.
 */
export function chooseDefault(items: ReadonlyArray<{ id: string; isDefault: boolean }>): string | null {
  return (items.find((s) => s.isDefault) ?? items[0])?.id ?? null;
}

/**
 * Where a section is published: the default section at the site's published URL, the others at
 * `/<path>` under it; nothing while the site is unpublished.
 */
export function sectionPublishedUrl(sitePublishedUrl: string | undefined, section: { path: string; isDefault: boolean }): string | undefined {
  if (!sitePublishedUrl) return undefined;
  return section.isDefault ? sitePublishedUrl : `${sitePublishedUrl.replace(/\/+$/, '')}/${section.path}`;
}

/** What a change of structure would leave behind, for the delete rules. */
export type SectionRemoval =
  /** Other sections remain: `nextDefault` is the section to mark default (null: the default stays). */
  | { kind: 'sections-remain'; nextDefault: string | null }
  /** It was the last section: the site has no sections (and, its site spaces gone with it, no site spaces). */
  | { kind: 'no-sections-left' };

/**
 * Removing `removed` from the site's sections (in structure order): the default section is never left
 * undefined, so when the default goes, the first remaining section becomes the default.
 */
export function afterSectionRemoval(sections: ReadonlyArray<{ id: string; isDefault: boolean }>, removed: string): SectionRemoval {
  const remaining = sections.filter((s) => s.id !== removed);
  if (remaining.length === 0) return { kind: 'no-sections-left' };
  const next = chooseDefault(remaining);
  return { kind: 'sections-remain', nextDefault: remaining.some((s) => s.isDefault) ? null : next };
}

/** The 400 message for a section id the site does not have, saying so when the site has no sections at all. */
export function unknownSectionProblem(field: string, sectionId: string, siteHasSections: boolean): string {
  return `${field}: site section ${sectionId} is not in this site${siteHasSections ? '' : ' (the site has no sections)'}`;
}
