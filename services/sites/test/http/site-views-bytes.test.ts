import { newId } from '@dp/db';
import { createLogger } from '@dp/log';
import { componentOf, type ComponentCaller } from '@dp/testing';
import { sitesService } from '../../src';
import { SiteViews } from '../../src/publisher/site-views';

/**
 * The publisher's site views are kept by what they weigh, not by their count (issue 28): a site's structure and
 * styling are its tenant's. Sites made on the sites app, read through views bounded at a few kilobytes.
 */
const api = componentOf('sviews', sitesService);
const orgId = newId();
const owner: ComponentCaller = { user: newId(), roles: { [orgId]: 'admin' } };

test('When more sites are read than their bytes allow, Then the oldest views are evicted and the newest kept', async () => {
  const ids: string[] = [];
  for (let i = 0; i < 12; i++) {
    const res = await api.call('POST', `/v1/orgs/${orgId}/sites`, { as: owner, body: { title: `Site ${i}` } });
    expect(res.status).toBe(201);
    ids.push(res.body.id);
  }
  // Each view weighs about a kilobyte (its JSON twice, and 512): 6 KB keeps a few of the twelve, never all.
  const views = new SiteViews(api.db, createLogger('site-views-test', 'silent'), 60_000, 6 * 1024);
  for (const id of ids) expect((await views.byId(orgId, id))?.site.id).toBe(id);
  expect(views.remainingMs(ids[ids.length - 1])).toBeGreaterThan(0);
  expect(views.remainingMs(ids[0])).toBe(0);
  const kept = ids.filter((id) => views.remainingMs(id) > 0).length;
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThan(ids.length);
});
