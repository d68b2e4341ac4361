import type { Knex } from 'knex';
import { badRequest } from '@dp/http';
import { findAdaptiveSchema } from '../data/adaptive-schemas';
import type { SiteRow } from '../data/sites';
import { conditionProblem } from '../domain/conditions';

/**
 * Refuses a `condition` that is not a well-formed boolean expression on the claims the site's adaptive
 * schema declares (domain/conditions.ts, docs/adr/0039): a 400 naming the field and the problem.
 */
export async function assertCondition(db: Knex, site: Pick<SiteRow, 'id'>, field: string, expression: string): Promise<void> {
  const problem = conditionProblem(expression, await findAdaptiveSchema(db, site.id));
  if (problem) throw badRequest(`${field}: ${problem}`);
}
