import { literalPrefix, routes, serviceFor } from '../../src/routes';

test.each([
  ['/v1/orgs', 'identity'],
  ['/v1/orgs/o1', 'identity'],
  ['/v1/orgs/o1/members/u1', 'identity'],
  ['/v1/orgs/o1/teams', 'identity'],
  ['/v1/orgs/o1/saml/p1', 'identity'],
  ['/v1/user', 'identity'],
  ['/v1/admin/users', 'identity'],
  ['/v1/email-domains/x.io/orgs', 'identity'],
  ['/v1/orgs/o1/spaces', 'content'],
  ['/v1/orgs/o1/collections', 'content'],
  ['/v1/orgs/o1/search', 'content'],
  ['/v1/spaces/s1/change-requests/1/content', 'content'],
  ['/v1/collections/c1/spaces', 'content'],
  ['/v1/orgs/o1/sites/s1/publish', 'sites'],
  ['/v1/orgs/o1/openapi/petstore/versions/latest', 'openapi'],
  ['/v1/integrations/slack/installations', 'integrations'],
  ['/v1/orgs/o1/translations/t1', 'translations'],
  ['/v1/org/o1/imports', 'content'],
  ['/v1/org/o1/imports/r1/cancel', 'content'],
  ['/v1/org/o1/members', undefined],
  ['/v1/unknown', undefined],
  ['/v1/orgs/o1/unknown', undefined],
])('When the path is %s, Then it goes to %p', (path, service) => {
  expect(serviceFor(path)).toBe(service);
});

describe('literalPrefix (the cheap test before each pattern of the table)', () => {
  test.each([
    ['^/v1/orgs/[^/]+/(spaces|collections)(/|$)', '/v1/orgs/'],
    ['^/v1/orgs/?$', '/v1/orgs'],
    ['^/v1/org/[^/]+/imports(/|$)', '/v1/org/'],
    ['^/v1/(user|users)(/|$)', '/v1/'],
    ['^/v1/git(/|$)', '/v1/git'],
    ['^/v1/items*$', '/v1/item'],
  ])('When the pattern is %s, Then every path it matches starts with %s', (pattern, prefix) => {
    expect(literalPrefix(pattern)).toBe(prefix);
  });

  test('When a path is matched with the prefixes, Then it goes where the table alone sends it', () => {
    const alone = (path: string) => routes.find((r) => new RegExp(r.pattern).test(path))?.service;
    for (const path of ['/v1/orgs', '/v1/orgs/', '/v1/orgs/o1', '/v1/orgs/o1/spaces', '/v1/orgs/o1/members/u/spaces', '/v1/orgs/o1/teams/t', '/v1/org/o1/imports', '/v1/user', '/v1/spaces/s1', '/v1/git/installations', '/v1/integrations/x', '/v1/custom-hostnames/h', '/v1/nothing']) {
      expect([path, serviceFor(path)]).toEqual([path, alone(path)]);
    }
  });
});
