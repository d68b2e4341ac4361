import { buildCookie, clearCookie, cookieValues } from '../../src/publisher/audience-cookies';

describe('audience cookies', () => {
  test('When a cookie is built, Then it is scoped to the site path, HttpOnly, SameSite=Lax, Secure only over https', () => {
    expect(buildCookie('site-share-key', 'abc', { path: '/org/site/', secure: false })).toBe('site-share-key=abc; Path=/org/site; HttpOnly; SameSite=Lax');
    expect(buildCookie('t', 'a.b.c', { path: '/org/site', secure: true }, 59.7)).toBe('t=a.b.c; Path=/org/site; HttpOnly; SameSite=Lax; Max-Age=59; Secure');
    expect(buildCookie('t', 'x', { path: '', secure: false })).toBe('t=x; Path=/; HttpOnly; SameSite=Lax');
  });

  test('When a value holds separators or the path odd characters, Then they cannot break the header', () => {
    expect(buildCookie('p', '{"a":"b; c"}', { path: '/a b;Domain=evil', secure: false })).toBe('p=%7B%22a%22%3A%22b%3B%20c%22%7D; Path=/abDomain=evil; HttpOnly; SameSite=Lax');
  });

  test('When a cookie is cleared, Then it is emptied with Max-Age=0 in the same scope', () => {
    expect(clearCookie('t', { path: '/o/s', secure: true })).toBe('t=; Path=/o/s; HttpOnly; SameSite=Lax; Max-Age=0; Secure');
  });

  test('When the Cookie header carries the name several times, Then every value comes back, in order, decoded; others and broken ones are skipped', () => {
    expect(cookieValues('a=1; t=first; b=2; t=%7B%22x%22%3A1%7D; t=%E0%A4%A', 't')).toEqual(['first', '{"x":1}']);
    expect(cookieValues(undefined, 't')).toEqual([]);
    expect(cookieValues('tt=1; xt=2', 't')).toEqual([]);
  });
});
