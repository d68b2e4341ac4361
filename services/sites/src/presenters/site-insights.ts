import type { AggregationPlan, ColumnRef } from '../domain/site-insights';

/** A JSON text the SQL built (a page, a rating's counts), as its value. */
const parsed = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

function valueOf(ref: ColumnRef, value: unknown): unknown {
  if (ref.column === 'datetime') return value instanceof Date ? value.toISOString() : value;
  if (ref.column === 'page' || ref.column === 'pageFeedbackRating') return value === null ? null : parsed(value);
  return value;
}

/** The official SiteInsightsQueryEventsAggregationResult: one column per selected one, its values in row order. */
export function presentAggregation(plan: AggregationPlan, rows: Array<Record<string, unknown>>) {
  return { columns: plan.select.map((ref, i) => ({ column: ref.column, values: rows.map((row) => valueOf(ref, row[`c${i}`])) })) };
}
