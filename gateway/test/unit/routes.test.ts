import { serviceFor } from '../../src/routes';

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
