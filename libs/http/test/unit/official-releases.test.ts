import { loadOfficialReleases, OFFICIAL_RELEASES } from '../../src';

// The one loader of the official API releases (docs/adr/0065): the API document and libs/testing's contract
// checks both read the releases through it.
describe('The official releases', () => {
  const releases = loadOfficialReleases();

  test('When they are loaded, Then they come newest first, each with its operations by template and method and its components by kind', () => {
    expect(releases.map((r) => r.pkg)).toEqual([...OFFICIAL_RELEASES]);
    const versions = releases.map((r) => r.version.split('.').map(Number));
    for (let i = 1; i < versions.length; i++) expect(versions[i - 1][1]).toBeGreaterThan(versions[i][1]);
    for (const release of releases) {
      expect(release.paths['/spaces/{spaceId}']?.get?.operationId).toBe('getSpaceById');
      expect(release.components.schemas?.Space).toMatchObject({ type: 'object' });
    }
  });

  test('When they are loaded twice, Then each load is its own parse: nothing keeps the 6 MB after its user drops it', () => {
    expect(loadOfficialReleases()[0].paths).not.toBe(releases[0].paths);
  });
});
