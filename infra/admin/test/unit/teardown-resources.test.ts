import { prefixProblem, stackResources } from '../../src/teardown/resources';

describe('stackResources', () => {
  test('A prefix names exactly its contexts\' schemas, queue families, migration leftovers, exchange and outbox LISTENs', () => {
    const r = stackResources('nc_', ['identity', 'sites']);
    expect(r.schemas).toEqual(['nc_identity', 'nc_sites']);
    expect(r.exchange).toBe('nc_docs.events');
    expect(r.queues).toEqual(expect.arrayContaining(['nc_sites', 'nc_sites.retry', 'nc_sites.dlq', 'nc_sites.migrating', 'nc_sites.dlq.migrating', 'nc_sites.migration-lock', 'nc_identity']));
    expect(r.queues.every((q) => q.startsWith('nc_identity') || q.startsWith('nc_sites'))).toBe(true);
    expect(r.listenQueries).toEqual(['listen "outbox_nc_identity"', 'listen "git_sync_nc_identity"', 'listen "outbox_nc_sites"', 'listen "git_sync_nc_sites"']);
  });

  test('Schemas follow DB_SCHEMA_PREFIX\'s rule (characters not allowed in a name become _), queues keep the prefix as is', () => {
    const r = stackResources('nc-1.', ['content']);
    expect(r.schemas).toEqual(['nc_1_content']);
    expect(r.queues).toContain('nc-1.content');
  });
});

describe('prefixProblem', () => {
  test.each(['', '   '])('An empty prefix (%j) is refused: it would name an unprefixed deployment', (prefix) => {
    expect(prefixProblem(prefix)).toMatch(/prefix is required/);
  });
  test('A prefix with spaces is refused; a usual one is fine', () => {
    expect(prefixProblem('nc x')).toMatch(/spaces/);
    expect(prefixProblem('nc_')).toBeUndefined();
  });
});
