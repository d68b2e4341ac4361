import { publicFamily, routeFamily } from '../../src/route-family';

describe('routeFamily: the label of a proxied path', () => {
  it('When a path is under an organization, Then the id is :organizationId and what follows the family is /*', () => {
    expect(routeFamily('/v1/orgs/Ab12Cd34Ef56Gh78Ij90/spaces')).toBe('/v1/orgs/:organizationId/spaces');
    expect(routeFamily('/v1/orgs/Ab12Cd34Ef56Gh78Ij90/spaces/')).toBe('/v1/orgs/:organizationId/spaces');
    expect(routeFamily('/v1/orgs/Ab12Cd34Ef56Gh78Ij90/sites/x1/sections/y2')).toBe('/v1/orgs/:organizationId/sites/*');
    expect(routeFamily('/v1/orgs/Ab12Cd34Ef56Gh78Ij90')).toBe('/v1/orgs/:organizationId');
    expect(routeFamily('/v1/orgs')).toBe('/v1/orgs');
  });

  it('When a path carries ids or slugs past the family, Then none of them reaches the label', () => {
    expect(routeFamily('/v1/spaces/Zz99/content/path/getting-started')).toBe('/v1/spaces/*');
    expect(routeFamily('/v1/orgs/o1/openapi/petstore/versions')).toBe('/v1/orgs/:organizationId/openapi/*');
    expect(routeFamily('/v1/user')).toBe('/v1/user');
    expect(routeFamily('/v1/org/Ab12Cd34/imports/r1/cancel')).toBe('/v1/org/:organizationId/imports/*');
  });

  it('When no route of the table matches, Then there is no family', () => {
    expect(routeFamily('/v1/nothing-here/123')).toBeUndefined();
    expect(routeFamily('/metrics')).toBeUndefined();
  });

  it('When a public path is one the gateway forwards, Then its family is its prefix', () => {
    expect(publicFamily('GET', '/sso/saml/abc/start')).toBe('/sso/*');
    expect(publicFamily('GET', `/pdf/${'a'.repeat(43)}`)).toBe('/pdf/*');
    expect(publicFamily('GET', '/pdf/short')).toBeUndefined();
  });
});
