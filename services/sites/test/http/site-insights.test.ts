import { newId } from '@dp/db';
import { componentOf, expectOfficialSchema, type ComponentCaller } from '@dp/testing';
import { sitesService } from '../../src';
import { expireInsightEvents } from '../../src/jobs/expire-insight-events';
import { createLogger } from '@dp/log';

/**
 * The official site-insights operations on the sites app (docs/adr/0093): events tracked, then aggregated over
 * the columns recorded. Readers' ratings from a published page: test/e2e/published-site.test.ts.
 */
const api = componentOf('sin', sitesService);

const orgId = newId();
const owner: ComponentCaller = { user: newId(), roles: { [orgId]: 'admin' } };
const outsider: ComponentCaller = { user: newId(), roles: { [newId()]: 'admin' } };

const newSite = async () => (await api.call('POST', `/v1/orgs/${orgId}/sites`, { as: owner, body: { title: 'Measured' } })).body.id as string;
const event = (type: string, visitor: string, extra: object = {}, page: string | null = 'p1') => ({
  type,
  session: { visitorId: visitor, sessionId: `${visitor}-s`, cookies: {}, userAgent: 'UA', language: 'en', referrer: null },
  location: { url: `https://docs.example.com/${page ?? 'missing'}`, siteSection: null, siteSpace: 'ss1', siteShareKey: null, space: 'sp1', revision: 'r1', page },
  ...extra,
});
const track = (siteId: string, events: object[], as = owner) => api.call('POST', `/v1/orgs/${orgId}/sites/${siteId}/insights/events`, { as, body: { events } });
const aggregate = async (siteId: string, body: object) => {
  const res = await api.call('POST', `/v1/orgs/${orgId}/sites/${siteId}/insights/events/aggregate`, { as: owner, body });
  if (res.status === 200) expectOfficialSchema('SiteInsightsQueryEventsAggregationResult', res.body);
  return res;
};

describe('site insights', () => {
  test('When a member tracks page views and ratings, Then an aggregation by page counts events, visitors and each rating', async () => {
    const siteId = await newSite();
    expect((await track(siteId, [
      event('page_view', 'v1'),
      event('page_view', 'v1'),
      event('page_view', 'v2', {}, 'p2'),
      event('page_post_feedback', 'v1', { feedback: { rating: 'good' } }),
      event('page_post_feedback', 'v2', { feedback: { rating: 'bad' } }),
      event('page_view', 'v3', {}, null),
    ])).status).toBe(204);
    const byPage = await aggregate(siteId, { range: 'last24Hours', groupBy: [{ column: 'page' }], select: [{ column: 'page' }, { column: 'eventsCount' }, { column: 'visitorsCount' }, { column: 'pageFeedbackRating' }] });
    expect(byPage.status).toBe(200);
    expect(byPage.body.columns).toEqual([
      { column: 'page', values: [{ page: 'p1', space: 'sp1' }, { page: 'p2', space: 'sp1' }, null] },
      { column: 'eventsCount', values: [4, 1, 1] },
      { column: 'visitorsCount', values: [2, 1, 1] },
      { column: 'pageFeedbackRating', values: [{ ok: 0, good: 1, bad: 1 }, { ok: 0, good: 0, bad: 0 }, { ok: 0, good: 0, bad: 0 }] },
    ]);
    // The 404s (no page) of page views, as the spec describes them.
    const broken = await aggregate(siteId, { range: 'last24Hours', groupBy: [{ column: 'urlPath' }], where: [{ column: 'eventType', values: ['page_view'] }, { column: 'page', values: [null] }] });
    expect(broken.body.columns).toEqual([{ column: 'urlPath', values: ['/missing'] }, { column: 'eventsCount', values: [1] }]);
    const ratings = await aggregate(siteId, { range: 'last24Hours', groupBy: [{ column: 'eventPageFeedbackRating' }], order: { by: { column: 'eventPageFeedbackRating' }, direction: 'asc' } });
    expect(ratings.body.columns).toEqual([{ column: 'eventPageFeedbackRating', values: ['bad', 'good'] }, { column: 'eventsCount', values: [1, 1] }]);
    const busy = await aggregate(siteId, { range: 'last24Hours', groupBy: [{ column: 'page' }], where: [{ column: 'eventsCount', operator: 'greaterThan', values: [1] }] });
    expect(busy.body.columns[1]).toEqual({ column: 'eventsCount', values: [4] });
  });

  test('When events are grouped by time, Then each bucket is an official timestamp in time order', async () => {
    const siteId = await newSite();
    const month = new Date();
    await track(siteId, [event('page_view', 'v1'), event('page_view', 'v2')]);
    const old = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() - 1, 15));
    const [row] = await api.db('site_insight_events').where({ site_id: siteId });
    const { seq: _, ...copy } = row;
    await api.db('site_insight_events').insert({ ...copy, occurred_at: old });
    const res = await aggregate(siteId, { range: 'last3Months', groupBy: [{ column: 'datetime', interval: 'month' }] });
    const monthStart = (offset: number) => new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + offset, 1)).toISOString();
    expect(res.body.columns).toEqual([{ column: 'datetime', values: [monthStart(-1), monthStart(0)] }, { column: 'eventsCount', values: [1, 2] }]);
  });

  test('When a body is not official, too long, badly timed or asks for what is not recorded, Then it is a 400 and nothing is kept', async () => {
    const siteId = await newSite();
    expect((await track(siteId, [{ type: 'page_view' }])).status).toBe(400);
    const tooMany = await track(siteId, Array.from({ length: 101 }, () => event('page_view', 'v1')));
    expect(tooMany.status).toBe(400);
    const late = await track(siteId, [event('page_view', 'v1'), event('page_view', 'v1', { timestamp: '2020-01-01T00:00:00Z' })]);
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe('body.events[1].timestamp must be within 5 minutes of the current time');
    expect(await api.db('site_insight_events').where({ site_id: siteId }).count('* as n').first()).toEqual({ n: '0' });
    const unknown = await aggregate(siteId, { range: 'lastYear', groupBy: [{ column: 'visitorGeoCountry' }] });
    expect(unknown.status).toBe(400);
    expect((await aggregate(siteId, { groupBy: [] })).status).toBe(400);
    const none = await aggregate(siteId, { range: 'lastYear', select: [{ column: 'eventsCount' }] });
    expect(none.body.columns).toEqual([{ column: 'eventsCount', values: [0] }]);
  });

  test('When someone outside the organization tracks or reads, Then it is a 404', async () => {
    const siteId = await newSite();
    expect((await track(siteId, [event('page_view', 'v1')], outsider)).status).toBe(404);
    expect((await api.call('POST', `/v1/orgs/${orgId}/sites/${siteId}/insights/events/aggregate`, { as: outsider, body: { range: 'lastYear' } })).status).toBe(404);
  });

  test('When events are older than a year, Then the retention job removes them and keeps the rest', async () => {
    const siteId = await newSite();
    await track(siteId, [event('page_view', 'v1')]);
    const old = new Date(Date.now() - 400 * 86_400_000);
    const [kept] = await api.db('site_insight_events').where({ site_id: siteId });
    const { seq: _, ...row } = kept;
    await api.db('site_insight_events').insert([{ ...row, occurred_at: old }, { ...row, occurred_at: old }]);
    expect(await expireInsightEvents({ db: api.db, config: api.config, log: createLogger('insights-test', 'silent'), onStop: () => undefined })).toBeGreaterThanOrEqual(2);
    expect(await api.db('site_insight_events').where({ site_id: siteId }).count('* as n').first()).toEqual({ n: '1' });
  });
});
