import { authenticatedCloneUrl, firstSyncOf, installationStatus } from '../../src/domain/git-sync/installation';

/** A Git Sync installation's rules (docs/adr/0107). */
describe('an installation', () => {
  test('When it lacks a token, a repository or a branch, Then its status says which stage it is at', () => {
    expect(installationStatus({ hasToken: false, repositoryId: '1', branch: 'refs/heads/main' })).toBe('unauthenticated');
    expect(installationStatus({ hasToken: true, repositoryId: null, branch: 'refs/heads/main' })).toBe('pending');
    expect(installationStatus({ hasToken: true, repositoryId: '1', branch: null })).toBe('pending');
    expect(installationStatus({ hasToken: true, repositoryId: '1', branch: 'refs/heads/main' })).toBe('active');
  });

  test("When git reaches the repository, Then the token is in the URL as each provider takes it, and the priority picks the first sync", () => {
    expect(authenticatedCloneUrl('https://github.com/acme/docs.git', 'github', 't/1')).toBe('https://x-access-token:t%2F1@github.com/acme/docs.git');
    expect(authenticatedCloneUrl('https://gitlab.com/acme/docs.git', 'gitlab', 'glpat')).toBe('https://oauth2:glpat@gitlab.com/acme/docs.git');
    expect([firstSyncOf('git'), firstSyncOf(null), firstSyncOf('gitbook')]).toEqual(['import', 'import', 'export']);
  });
});
