import {
  blockDomains,
  canInstallSomewhere,
  canSee,
  couldBeSubdomain,
  integrationPermissions,
  isOwnerAdmin,
  mayInstallOn,
  nextVersion,
  normalizeDomain,
  publishOutcome,
  secretsAfterPublish,
  targetsMatching,
  visibleInstallationOrganizations,
} from '../../src/domain/integration-rules';
import { installationSetupPayload, officialDeliveryStatus, sitePublishedPayload } from '../../src/domain/integration-events';
import { imageMediaType } from '../../src/domain/assets';

const owned = (visibility: string) => ({ organizationId: 'org-a', visibility });

describe('visibility', () => {
  test.each([
    ['public', {}, true],
    ['unlisted', {}, true],
    ['private', {}, false],
    ['private', { 'org-b': 'admin' }, false],
    ['private', { 'org-a': 'read' }, true],
  ] as const)('When the integration is %s and the caller belongs to %p, Then seeing it is %p', (visibility, memberships, expected) => {
    expect(canSee(owned(visibility), memberships)).toBe(expected);
  });
});

describe('administration', () => {
  test('When the caller is an admin of the owning organization, Then they administrate it; any lower role or another org does not', () => {
    expect(isOwnerAdmin(owned('public'), { 'org-a': 'admin' })).toBe(true);
    expect(isOwnerAdmin(owned('public'), { 'org-a': 'create' })).toBe(false);
    expect(isOwnerAdmin(owned('public'), { 'org-b': 'admin' })).toBe(false);
  });

  test('When anyone lists installations, Then they see those of their own organizations only, the owner’s admins too', () => {
    expect(visibleInstallationOrganizations({ 'org-a': 'admin', 'org-b': 'read' })).toEqual(['org-a', 'org-b']);
    expect(visibleInstallationOrganizations({ 'org-c': 'edit' })).toEqual(['org-c']);
    expect(visibleInstallationOrganizations({})).toEqual([]);
  });
});

describe('installing', () => {
  test('When an integration is private, Then only its own organization may install it; otherwise any', () => {
    expect(mayInstallOn(owned('private'), 'org-a')).toBe(true);
    expect(mayInstallOn(owned('private'), 'org-b')).toBe(false);
    expect(mayInstallOn(owned('unlisted'), 'org-b')).toBe(true);
    expect(mayInstallOn(owned('public'), 'org-b')).toBe(true);
  });

  test.each([
    ['public', { 'org-b': 'admin' }, true],
    ['public', { 'org-b': 'edit' }, false],
    ['private', { 'org-b': 'admin', 'org-a': 'read' }, false],
    ['private', { 'org-a': 'admin' }, true],
    ['public', {}, false],
  ] as const)('When %s and the caller is %p, Then permissions.install is %p', (visibility, memberships, expected) => {
    expect(canInstallSomewhere(owned(visibility), memberships)).toBe(expected);
    expect(integrationPermissions(owned(visibility), memberships).install).toBe(expected);
  });
});

describe('publishing', () => {
  test('When a name is new, Then it is created at version 1; by its owner, Then updated and bumped; by another org, Then taken', () => {
    expect(publishOutcome(undefined, 'org-a')).toBe('create');
    expect(publishOutcome({ organizationId: 'org-a' }, 'org-a')).toBe('update');
    expect(publishOutcome({ organizationId: 'org-a' }, 'org-b')).toBe('taken');
    expect(nextVersion(undefined)).toBe(1);
    expect(nextVersion({ version: 4 })).toBe(5);
  });

  test('When a publish sends secrets, Then they replace the stored ones; when it omits them, Then the stored ones stay', () => {
    expect(secretsAfterPublish('sealed-a', 'sealed-b')).toBe('sealed-b');
    expect(secretsAfterPublish('sealed-a', undefined)).toBe('sealed-a');
    expect(secretsAfterPublish(null, undefined)).toBeNull();
    expect(secretsAfterPublish(undefined, undefined)).toBeNull();
  });

  test('When the publishing organization is given, Then only lower-case labels can be a subdomain', () => {
    expect(couldBeSubdomain('acme-docs')).toBe(true);
    expect(couldBeSubdomain('Xy12AbCdEfGhIjKlMnOp')).toBe(false);
    expect(couldBeSubdomain('-acme')).toBe(false);
  });
});

describe('list filters', () => {
  test('When blocks unfurl URL patterns, Then their hosts are the block domains, lower-cased, without www and duplicates', () => {
    expect(
      blockDomains([
        { urlUnfurl: ['https://www.Figma.com/file/*', 'https://figma.com/proto/*'] },
        { urlUnfurl: ['youtube.com/watch', 'not a url', 'https://localhost/x'] },
        {},
      ]),
    ).toEqual(['figma.com', 'youtube.com']);
    expect(normalizeDomain('WWW.Figma.com')).toBe('figma.com');
  });

  test('When filtering by target, Then integrations for all targets match too, except for target=all itself', () => {
    expect(targetsMatching('space')).toEqual(['space', 'all']);
    expect(targetsMatching('all')).toEqual(['all']);
  });
});

describe('event payloads', () => {
  test('When an installation is set up, Then the payload is an official installation_setup event', () => {
    expect(installationSetupPayload('e1', 'i1', 'active')).toEqual({ eventId: 'e1', type: 'installation_setup', installationId: 'i1', status: 'active' });
  });
  test('When a site is published, Then the payload carries the CloudEvent id, the installation and the site', () => {
    expect(sitePublishedPayload('ce-1', 'i1', 's1')).toEqual({ eventId: 'ce-1', type: 'site_published', installationId: 'i1', siteId: 's1' });
  });
});

describe('delivery status', () => {
  test.each([
    ['pending', 'failed'],
    ['success', 'success'],
    ['failed', 'failed'],
  ] as const)('When an event is stored %s, Then it reads %s (the official enumeration: success only once delivered)', (stored, official) => {
    expect(officialDeliveryStatus(stored)).toBe(official);
  });
});

describe('assets', () => {
  test.each([
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'image/png'],
    [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    [[...Buffer.from('GIF89a')], 'image/gif'],
    [[...Buffer.from('RIFF\0\0\0\0WEBPVP8 ')], 'image/webp'],
    [[...Buffer.from('  <svg xmlns="http://www.w3.org/2000/svg"/>')], 'image/svg+xml'],
    [[...Buffer.from('hello')], 'application/octet-stream'],
  ])('When the bytes start %p, Then the media type is %s', (bytes, type) => {
    expect(imageMediaType(Buffer.from(bytes))).toBe(type);
  });
});
