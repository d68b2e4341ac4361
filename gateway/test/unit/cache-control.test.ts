import { cacheControlWithCredentials } from '../../src/cache-control';

describe('Cache-Control of answers to requests with credentials (docs/adr/0062)', () => {
  test('When the service says nothing, or something shareable, Then no-store', () => {
    expect(cacheControlWithCredentials(undefined)).toBe('no-store');
    expect(cacheControlWithCredentials('public, max-age=60')).toBe('no-store');
    expect(cacheControlWithCredentials('max-age=3600')).toBe('no-store');
    expect(cacheControlWithCredentials('no-cache')).toBe('no-store');
  });

  test('When the service chose private caching, Then its header is kept', () => {
    expect(cacheControlWithCredentials('private, max-age=31536000, immutable')).toBe('private, max-age=31536000, immutable');
    expect(cacheControlWithCredentials('private, no-cache')).toBe('private, no-cache');
    expect(cacheControlWithCredentials('max-age=0, Private')).toBe('max-age=0, Private');
  });

  test('When "private" is only part of another directive, Then it is not taken for one', () => {
    expect(cacheControlWithCredentials('x-privateish, max-age=60')).toBe('no-store');
  });
});
