import { bestMatch, capturedSuffix, isSafeExternal, matchKey, redirectStatus, SOURCE_PATH_PATTERN, withSuffix } from '../../src/domain/site-redirects';

const candidate = (source: string) => ({ source, ...matchKey(source)! });

describe('which redirect a reader follows', () => {
  const all = ['/old', '/docs/*', '/docs/api/*', '/blog*', '/caf%C3%A9'].map(candidate);

  test('When a source is exact, Then it wins over any wildcard; a trailing slash of the path does not matter', () => {
    expect(bestMatch('/old', all)?.source).toBe('/old');
    expect(bestMatch('/old/', all)?.source).toBe('/old');
    expect(bestMatch('/older', all)).toBeUndefined();
  });

  test('When several wildcard sources match, Then the longest prefix wins', () => {
    expect(bestMatch('/docs/api/users', all)?.source).toBe('/docs/api/*');
    expect(bestMatch('/docs/guide', all)?.source).toBe('/docs/*');
    expect(bestMatch('/blog-2024/post', all)?.source).toBe('/blog*');
  });

  test('When a source is percent-encoded, Then it matches the decoded path a reader asked for', () => {
    expect(bestMatch('/café', all)?.source).toBe('/caf%C3%A9');
    expect(matchKey('/%E0%A4%A')).toBeUndefined();
  });

  test('When a wildcard is captured, Then its suffix is appended to the destination, encoded, before any query', () => {
    const docs = candidate('/docs/*');
    expect(capturedSuffix('/docs/api/users', docs)).toBe('api/users');
    expect(withSuffix('/o/s/v2/', 'api/users')).toBe('/o/s/v2/api/users');
    expect(withSuffix('https://example.com/new?from=old', 'a b/c')).toBe('https://example.com/newa%20b/c?from=old');
    expect(withSuffix('/o/s', '')).toBe('/o/s');
  });

  test('When a redirect is permanent, Then public sites answer 308 and others 307; a temporary one is always 307', () => {
    expect(redirectStatus(true, true)).toBe(308);
    expect(redirectStatus(true, false)).toBe(307);
    expect(redirectStatus(false, true)).toBe(307);
  });
});

describe('what a tenant may store', () => {
  test('When a source follows the official pattern, Then it is accepted; a wildcard in the middle or a bare star is not', () => {
    const ok = new RegExp(SOURCE_PATH_PATTERN);
    for (const source of ['/a', '/a/b-c.d~e+f', '/a/*', '/a*', '/caf%C3%A9']) expect(ok.test(source)).toBe(true);
    for (const source of ['a', '/', '/*', '/a/*/b', '/a b', '//x']) expect(ok.test(source)).toBe(false);
  });

  test('When an external destination is not http(s), Then it is refused', () => {
    expect(isSafeExternal('https://example.com/x')).toBe(true);
    expect(isSafeExternal('javascript:alert(1)')).toBe(false);
    expect(isSafeExternal('//evil.example.com')).toBe(false);
  });
});
