import { aggregationPlan, INSIGHTS_LIMITS, rowOfEvent } from '../../src/domain/site-insights';

const site = { id: 'site1', organization_id: 'org1' };
const now = new Date('2026-11-28T12:00:00Z');
const event = (extra: object = {}) => ({
  type: 'page_post_feedback',
  session: { visitorId: 'v1', sessionId: 's1', cookies: {}, userAgent: 'UA', language: 'en', referrer: 'https://search.example.com/' },
  location: { url: 'https://docs.example.com/guide/setup?x=1', siteSection: null, siteSpace: 'ss1', siteShareKey: null, space: 'sp1', revision: 'r1', page: 'p1' },
  feedback: { rating: 'good' },
  ...extra,
});

describe('rowOfEvent', () => {
  test('an official event becomes a row of the site: its path, its rating, now as its time', () => {
    expect(rowOfEvent(event(), site, now)).toMatchObject({
      site_id: 'site1', organization_id: 'org1', type: 'page_post_feedback', occurred_at: now, visitor_id: 'v1', session_id: 's1',
      url_path: '/guide/setup', display_context: 'site', site_space: 'ss1', page: 'p1', feedback_rating: 'good', referrer: 'https://search.example.com/',
    });
  });
  test('a timestamp more than 5 minutes away is refused; long texts are cut', () => {
    expect(rowOfEvent(event({ timestamp: '2026-11-28T11:54:59Z' }), site, now)).toBe('timestamp must be within 5 minutes of the current time');
    expect(rowOfEvent(event({ timestamp: '2026-11-28T11:56:00Z' }), site, now)).toMatchObject({ occurred_at: new Date('2026-11-28T11:56:00Z') });
    const long = rowOfEvent(event({ type: 'search_type_query', query: 'x'.repeat(10_000) }), site, now);
    expect(typeof long !== 'string' && long.search_query?.length).toBe(INSIGHTS_LIMITS.textChars);
  });
});

describe('aggregationPlan', () => {
  test('without select, the groups and their event count; a preset range ends now', () => {
    const plan = aggregationPlan({ range: 'last7Days', groupBy: [{ column: 'page' }] }, now);
    expect(plan).toEqual({ groupBy: [{ column: 'page' }], select: [{ column: 'page' }, { column: 'eventsCount' }], where: [], from: new Date('2026-11-21T12:00:00Z'), to: now, limit: 1000 });
  });
  test('datetime groups by a day unless told; an order and a limit are kept', () => {
    const plan = aggregationPlan({ range: { from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z' }, groupBy: [{ column: 'datetime', interval: 'hour' }], select: [{ column: 'datetime', interval: 'hour' }, { column: 'visitorsCount' }], order: { by: { column: 'visitorsCount' }, direction: 'asc' }, limit: 5 }, now);
    expect(plan).toMatchObject({ groupBy: [{ column: 'datetime', interval: 'hour' }], order: { by: { column: 'visitorsCount' }, direction: 'asc' }, limit: 5 });
  });
  test('a column this platform does not record, a count to group by, a stray selected column or a range backwards is the reason why not', () => {
    expect(aggregationPlan({ range: 'lastYear', groupBy: [{ column: 'visitorGeoCountry' }] }, now)).toBe('body.groupBy[0]: column visitorGeoCountry is not supported here');
    expect(aggregationPlan({ range: 'lastYear', groupBy: [{ column: 'eventsCount' }] }, now)).toBe('body.groupBy: eventsCount is computed per group and cannot group');
    expect(aggregationPlan({ range: 'lastYear', groupBy: [{ column: 'page' }], select: [{ column: 'url' }] }, now)).toBe('body.select: url must be in groupBy to be selected');
    expect(aggregationPlan({ range: { from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' } }, now)).toBe('body.range: from must be a time before to');
    expect(aggregationPlan({ range: 'lastYear', where: [{ column: 'pageFeedbackRating', values: [] }] }, now)).toBe('body.where[0]: column pageFeedbackRating cannot filter');
  });
});
