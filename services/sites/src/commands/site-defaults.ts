import type { Knex } from 'knex';
import { badRequest } from '@dp/http';
import { findSection, sectionsOf, setDefaultSection } from '../data/site-sections';
import { findSiteSpaceRow, setDefaultSiteSpace } from '../data/site-spaces';
import type { SiteRow } from '../data/sites';
import { unknownSectionProblem } from '../domain/site-structure-rules';

/**
 * PATCH SITE `defaultSiteSection` and `defaultSiteSpace`, in the caller's transaction (the site locked).
 * Both must belong to the site (400 naming the field). The site's default site space is the default of its
 * default section (the interface), so a `defaultSiteSpace` in a section also makes that section the
 * default; given both, the site space must be in that section.
 */
export async function applySiteDefaults(trx: Knex.Transaction, site: Pick<SiteRow, 'id'>, patch: { defaultSiteSpace?: string; defaultSiteSection?: string }): Promise<void> {
  const { defaultSiteSpace, defaultSiteSection } = patch;
  if (defaultSiteSection !== undefined && !(await findSection(trx, site.id, defaultSiteSection))) {
    throw badRequest(unknownSectionProblem('body.defaultSiteSection', defaultSiteSection, (await sectionsOf(trx, site.id)).length > 0));
  }
  const siteSpace = defaultSiteSpace === undefined ? undefined : await findSiteSpaceRow(trx, site.id, defaultSiteSpace);
  if (defaultSiteSpace !== undefined && !siteSpace) throw badRequest(`body.defaultSiteSpace: site space ${defaultSiteSpace} is not in this site`);
  if (siteSpace && defaultSiteSection !== undefined && siteSpace.section_id !== defaultSiteSection) {
    throw badRequest(`body.defaultSiteSpace: site space ${siteSpace.id} is not in section ${defaultSiteSection} (body.defaultSiteSection)`);
  }
  const section = defaultSiteSection ?? siteSpace?.section_id ?? undefined;
  if (section) await setDefaultSection(trx, site.id, section);
  if (siteSpace) await setDefaultSiteSpace(trx, site.id, siteSpace.id);
}
