import type { JsonObject, JsonValue } from './customization';
import { isJsonObject } from './customization';

/**
 * Site insights (docs/adr/0093): the events a site's readers make (the official `SiteInsightsEvent`s) as rows,
 * and an official aggregation query as a plan of known columns that data/ turns into SQL. Pure: bodies arrive
 * validated against the official schema and are read defensively all the same.
 */

/** What one call may send, and how far an event's own timestamp may be from now (the spec's 5 minutes). */
export const INSIGHTS_LIMITS = { eventsPerCall: 100, timestampSkewMs: 5 * 60_000, textChars: 2048 } as const;
/** Events are kept this long: the widest official range is `lastYear`. */
export const INSIGHTS_RETENTION_DAYS = 366;

export type FeedbackRating = 'bad' | 'ok' | 'good';
export const FEEDBACK_RATINGS: readonly FeedbackRating[] = ['bad', 'ok', 'good'];

export interface InsightEventRow {
  site_id: string;
  organization_id: string;
  type: string;
  occurred_at: Date;
  visitor_id: string;
  session_id: string;
  url: string;
  url_path: string;
  display_context: string;
  site_section: string | null;
  site_space: string | null;
  site_share_key: string | null;
  space: string | null;
  revision: string | null;
  page: string | null;
  feedback_rating: string | null;
  feedback_comment: string | null;
  search_query: string | null;
  referrer: string | null;
}

const obj = (value: JsonValue | undefined): JsonObject => (isJsonObject(value) ? value : {});
const str = (value: JsonValue | undefined): string | null => (typeof value === 'string' ? value.slice(0, INSIGHTS_LIMITS.textChars) : null);

/** The path of a URL (`/docs/setup`), or '' when it is not one. */
export const pathOf = (url: string): string => (URL.canParse(url) ? new URL(url).pathname : '');

/** One official event as a row of `site`, or why it is refused (a timestamp too far from `now`). */
export function rowOfEvent(event: JsonObject, site: { id: string; organization_id: string }, now: Date): InsightEventRow | string {
  const session = obj(event.session);
  const location = obj(event.location);
  const feedback = obj(event.feedback);
  const stamp = typeof event.timestamp === 'string' ? new Date(event.timestamp) : now;
  if (Number.isNaN(stamp.getTime()) || Math.abs(stamp.getTime() - now.getTime()) > INSIGHTS_LIMITS.timestampSkewMs) return 'timestamp must be within 5 minutes of the current time';
  const url = str(location.url) ?? '';
  return {
    site_id: site.id,
    organization_id: site.organization_id,
    type: str(event.type) ?? '',
    occurred_at: stamp,
    visitor_id: str(session.visitorId) ?? '',
    session_id: str(session.sessionId) ?? '',
    url,
    url_path: pathOf(url),
    display_context: str(location.displayContext) ?? 'site',
    site_section: str(location.siteSection),
    site_space: str(location.siteSpace),
    site_share_key: str(location.siteShareKey),
    space: str(location.space),
    revision: str(location.revision),
    page: str(location.page),
    feedback_rating: FEEDBACK_RATINGS.find((r) => r === feedback.rating) ?? null,
    feedback_comment: str(feedback.comment),
    search_query: str(event.query),
    referrer: str(session.referrer) || null,
  };
}

/** Columns a group or a filter can name: one value per event. */
export const DIMENSIONS = ['datetime', 'dayOfWeek', 'hourOfDay', 'url', 'urlPath', 'eventType', 'siteSection', 'siteSpace', 'siteShareKey', 'displayContext', 'page', 'eventSearchQuery', 'eventPageFeedbackRating', 'eventPageFeedbackComment', 'referrer'] as const;
/** Columns computed over a group's events. */
export const AGGREGATES = ['eventsCount', 'sessionsCount', 'visitorsCount', 'pageFeedbackRating'] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export type Aggregate = (typeof AGGREGATES)[number];
export type Column = Dimension | Aggregate;
export type Interval = 'hour' | 'day' | 'week' | 'month';
const OPERATORS = ['in', 'notIn', 'greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual'] as const;
export type Operator = (typeof OPERATORS)[number];

export interface ColumnRef {
  column: Column;
  /** `datetime` only: the bucket width (a day when not given). */
  interval?: Interval;
}

export interface Filter {
  column: Column;
  operator: Operator;
  values: JsonValue[];
}

export interface AggregationPlan {
  groupBy: ColumnRef[];
  select: ColumnRef[];
  where: Filter[];
  order?: { by: ColumnRef; direction: 'asc' | 'desc' };
  from: Date;
  to: Date;
  limit: number;
}

const RANGES: Record<string, number> = { last24Hours: 1, last7Days: 7, last30Days: 30, last3Months: 91, lastYear: 365 };
const DAY_MS = 86_400_000;
const isColumn = (name: JsonValue | undefined): name is Column => DIMENSIONS.some((d) => d === name) || AGGREGATES.some((a) => a === name);
export const isAggregate = (column: Column): column is Aggregate => AGGREGATES.some((a) => a === column);

function columnRef(value: JsonValue | undefined, where: string): ColumnRef | string {
  const { column, interval } = obj(value);
  if (!isColumn(column)) return `${where}: column ${String(column)} is not supported here`;
  const bucket = interval === 'hour' || interval === 'day' || interval === 'week' || interval === 'month' ? interval : undefined;
  return { column, ...(column === 'datetime' ? { interval: bucket ?? 'day' } : {}) };
}

/** The official aggregation body as a plan, or the 400 message of its first column this platform does not record. */
export function aggregationPlan(body: JsonObject, now: Date): AggregationPlan | string {
  const refs = (key: string): ColumnRef[] | string => {
    const list = Array.isArray(body[key]) ? body[key] : [];
    const out: ColumnRef[] = [];
    for (const [i, item] of list.entries()) {
      const ref = columnRef(item, `body.${key}[${i}]`);
      if (typeof ref === 'string') return ref;
      out.push(ref);
    }
    return out;
  };
  const groupBy = refs('groupBy');
  if (typeof groupBy === 'string') return groupBy;
  const aggregateInGroup = groupBy.find((ref) => isAggregate(ref.column));
  if (aggregateInGroup) return `body.groupBy: ${aggregateInGroup.column} is computed per group and cannot group`;
  const selected = refs('select');
  if (typeof selected === 'string') return selected;
  const select = selected.length > 0 ? selected : [...groupBy, { column: 'eventsCount' as const }];
  const stray = select.find((ref) => !isAggregate(ref.column) && !groupBy.some((g) => g.column === ref.column && g.interval === ref.interval));
  if (stray) return `body.select: ${stray.column} must be in groupBy to be selected`;
  const where: Filter[] = [];
  for (const [i, item] of (Array.isArray(body.where) ? body.where : []).entries()) {
    const { column, values, operator } = obj(item);
    if (!isColumn(column) || column === 'pageFeedbackRating') return `body.where[${i}]: column ${String(column)} cannot filter`;
    const op = OPERATORS.find((o) => o === operator) ?? 'in';
    where.push({ column, operator: op, values: Array.isArray(values) ? values : [] });
  }
  const orderBody = obj(body.order);
  const by = orderBody.by === undefined ? undefined : columnRef(orderBody.by, 'body.order.by');
  if (typeof by === 'string') return by;
  const range = body.range;
  const custom = obj(range);
  const from = typeof range === 'string' ? new Date(now.getTime() - (RANGES[range] ?? 30) * DAY_MS) : new Date(String(custom.from));
  const to = typeof range === 'string' ? now : new Date(String(custom.to));
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from > to) return 'body.range: from must be a time before to';
  const limit = typeof body.limit === 'number' ? Math.min(1000, Math.max(1, Math.floor(body.limit))) : 1000;
  return { groupBy, select, where, ...(by ? { order: { by, direction: orderBody.direction === 'asc' ? 'asc' : 'desc' } } : {}), from, to, limit };
}
