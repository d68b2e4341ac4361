import type { Knex } from 'knex';
import { isJsonObject, type JsonValue } from '../domain/customization';
import type { AggregationPlan, Column, ColumnRef, Dimension, Filter, InsightEventRow, Interval } from '../domain/site-insights';
import { isAggregate } from '../domain/site-insights';

export const insertInsightEvents = async (db: Knex, rows: InsightEventRow[]): Promise<void> => {
  if (rows.length > 0) await db('site_insight_events').insert(rows);
};

/** Removes up to `batch` events older than `cutoff`; how many it removed. */
export async function deleteInsightEventsBefore(db: Knex, cutoff: Date, batch: number): Promise<number> {
  return db('site_insight_events').whereIn('seq', db('site_insight_events').select('seq').where('occurred_at', '<', cutoff).limit(batch)).delete();
}

const UTC = "(occurred_at at time zone 'UTC')";

/** The SQL of each one-value-per-event column (`datetime` in its bucket; `page` as the official {page, space}). */
const DIMENSION_SQL: Record<Dimension, (interval?: Interval) => string> = {
  datetime: (interval = 'day') => `date_trunc('${interval}', occurred_at, 'UTC')`,
  dayOfWeek: () => `extract(isodow from ${UTC})::int`,
  hourOfDay: () => `extract(hour from ${UTC})::int`,
  page: () => "case when page is null then null else json_build_object('page', page, 'space', coalesce(space, ''))::text end",
  url: () => 'url',
  urlPath: () => 'url_path',
  eventType: () => 'type',
  siteSection: () => 'site_section',
  siteSpace: () => 'site_space',
  siteShareKey: () => 'site_share_key',
  displayContext: () => 'display_context',
  eventSearchQuery: () => 'search_query',
  eventPageFeedbackRating: () => 'feedback_rating',
  eventPageFeedbackComment: () => 'feedback_comment',
  referrer: () => 'referrer',
};

/** Grouped by, these leave out the events without a value: the official values of the column are never null. */
const NEVER_NULL: Column[] = ['eventSearchQuery', 'eventPageFeedbackRating', 'eventPageFeedbackComment', 'referrer'];

const AGGREGATE_SQL = {
  eventsCount: 'count(*)::int',
  sessionsCount: 'count(distinct session_id)::int',
  visitorsCount: 'count(distinct visitor_id)::int',
  pageFeedbackRating: "json_build_object('ok', count(*) filter (where feedback_rating = 'ok'), 'good', count(*) filter (where feedback_rating = 'good'), 'bad', count(*) filter (where feedback_rating = 'bad'))::text",
} as const;

const sqlOf = (ref: ColumnRef): string => (isAggregate(ref.column) ? AGGREGATE_SQL[ref.column] : DIMENSION_SQL[ref.column](ref.interval));
const COMPARISON = { greaterThan: '>', greaterThanOrEqual: '>=', lessThan: '<', lessThanOrEqual: '<=' } as const;

/** A filter as SQL with its bindings; `datetime` compares the event's own time. */
function filterSql(filter: Filter): [string, Knex.Value[]] {
  const expr = filter.column === 'datetime' ? 'occurred_at' : sqlOf({ column: filter.column });
  if (filter.operator !== 'in' && filter.operator !== 'notIn') return [`${expr} ${COMPARISON[filter.operator]} ?`, [filter.values[0] === undefined || filter.values[0] === null ? null : bindingOf(filter.values[0])]];
  const values = filter.values.flatMap((v) => (v === null ? [] : [bindingOf(v)]));
  const parts = [values.length > 0 ? `${expr} in (${values.map(() => '?').join(',')})` : 'false', filter.values.includes(null) ? `${expr} is null` : 'false'];
  const matches = `(${parts.join(' or ')})`;
  return [filter.operator === 'in' ? matches : `not coalesce(${matches}, false)`, values];
}

/** A filter's value as a binding: a page as the JSON its column holds (page then space). */
function bindingOf(value: JsonValue): Knex.Value {
  if (isJsonObject(value)) return JSON.stringify({ page: value.page ?? null, space: value.space ?? '' });
  return Array.isArray(value) ? JSON.stringify(value) : value;
}

/** One row per group, each selected column under `c<i>` (its index in `plan.select`). */
export async function aggregateInsightEvents(db: Knex, siteId: string, plan: AggregationPlan): Promise<Array<Record<string, unknown>>> {
  const q = db('site_insight_events').where({ site_id: siteId }).andWhere('occurred_at', '>=', plan.from).andWhere('occurred_at', '<=', plan.to);
  plan.select.forEach((ref, i) => q.select(db.raw(`${sqlOf(ref)} as ??`, [`c${i}`])));
  for (const ref of plan.groupBy) {
    q.groupByRaw(sqlOf(ref));
    if (NEVER_NULL.includes(ref.column)) q.whereRaw(`${sqlOf(ref)} is not null`);
  }
  for (const filter of plan.where) {
    const [sql, bindings] = filterSql(filter);
    if (isAggregate(filter.column)) q.havingRaw(sql, bindings);
    else q.whereRaw(sql, bindings);
  }
  const order = plan.order ?? defaultOrder(plan);
  if (order) q.orderByRaw(`${sqlOf(order.by)} ${order.direction}`);
  return q.limit(plan.limit);
}

/** In time order when grouped by time; else the most events first. */
function defaultOrder(plan: AggregationPlan): AggregationPlan['order'] {
  const time = plan.groupBy.find((ref) => ref.column === 'datetime');
  if (time) return { by: time, direction: 'asc' };
  return plan.groupBy.length > 0 ? { by: { column: 'eventsCount' }, direction: 'desc' } : undefined;
}
