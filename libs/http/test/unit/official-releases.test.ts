import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadOfficialReleases, OFFICIAL_RELEASES } from '../../src';

// The one loader of the official API releases (docs/adr/0065): the API document and libs/testing's contract
// checks both read the releases through it.
describe('The official releases', () => {
  test('When they are loaded, Then they come newest first, each with its operations by template and method and its components by kind', () => {
    const releases = loadOfficialReleases();
    expect(releases.map((r) => r.pkg)).toEqual([...OFFICIAL_RELEASES]);
    const versions = releases.map((r) => r.version.split('.').map(Number));
    for (let i = 1; i < versions.length; i++) expect(versions[i - 1][1]).toBeGreaterThan(versions[i][1]);
    for (const release of releases) {
      expect(release.paths['/spaces/{spaceId}']?.get?.operationId).toBe('getSpaceById');
      expect(release.components.schemas?.Space).toMatchObject({ type: 'object' });
    }
  });

  test('When they are loaded while another user still holds them, Then both share one parse', () => {
    const held = loadOfficialReleases();
    expect(loadOfficialReleases()).toBe(held);
  });

  test('When every user dropped them, Then nothing keeps the 6 MB: the parse is collected', async () => {
    const dropped = new WeakRef(loadOfficialReleases());
    for (let i = 0; i < 50 && dropped.deref(); i++) {
      // A WeakRef's target lives at least until the current job ends: let it end, then collect.
      await new Promise((resolve) => setImmediate(resolve));
      collectGarbage();
    }
    expect(dropped.deref()).toBeUndefined();
  });
});

/** A full collection (jest does not run with --expose-gc: the flag is set and `gc` read from a fresh context). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
