import type { Knex } from 'knex';
import type { SiteRow } from '../data/sites';

/**
 * Refuses a `condition` that is not a well-formed boolean expression on the claims the site's adaptive
 * schema declares: a 400 naming the field and the problem.
 */
export async function assertCondition(_db: Knex, _site: Pick<SiteRow, 'id'>, _field: string, _expression: string): Promise<void> {
  // Wired to domain/conditions.ts conditionProblem once it lands (issue 10, adaptive content).
}
