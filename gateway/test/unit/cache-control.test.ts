import { cacheControlWithCredentials } from '../../src/cache-control';

describe('Cache-Control of answers to requests with credentials (docs/adr/0062)', () => {
  test('When the service says nothing, Then no-store', () => {
    expect(cacheControlWithCredentials(undefined)).toBe('no-store');
    expect(cacheControlWithCredentials(' ')).toBe('no-store');
  });

  test('When the service would let a shared cache keep the answer, Then no-store instead', () => {
    expect(cacheControlWithCredentials('public, max-age=60')).toBe('no-store');
    expect(cacheControlWithCredentials('max-age=60, s-maxage=600')).toBe('no-store');
    expect(cacheControlWithCredentials('max-age=60, Must-Revalidate')).toBe('no-store');
    expect(cacheControlWithCredentials('proxy-revalidate')).toBe('no-store');
  });

  test('When the service chose caching for the caller\'s own client, Then its header is kept', () => {
    expect(cacheControlWithCredentials('private, max-age=31536000, immutable')).toBe('private, max-age=31536000, immutable');
    expect(cacheControlWithCredentials('private, no-cache')).toBe('private, no-cache');
    expect(cacheControlWithCredentials('max-age=30')).toBe('max-age=30');
    expect(cacheControlWithCredentials('no-store')).toBe('no-store');
  });

  test('When a directive only contains a shareable one\'s name, Then it is not taken for it', () => {
    expect(cacheControlWithCredentials('x-publicish, max-age=60')).toBe('x-publicish, max-age=60');
  });
});
