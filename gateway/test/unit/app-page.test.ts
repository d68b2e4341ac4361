import { appMountPath, appPageHtml } from '../../src/app-page/page';
import { appTarget } from '../../src/app-page/targets';

describe('appMountPath', () => {
  test.each([
    ['http://localhost:8080', 'http://localhost:8080/app', '/app'],
    ['https://docs.example.com/', 'https://docs.example.com/app/', '/app'],
    ['https://docs.example.com', 'https://docs.example.com/ui/app', '/ui/app'],
  ])('When PUBLIC_URL is %s and APP_URL %s, Then the pages are served at %s', (publicUrl, appUrl, path) => {
    expect(appMountPath(publicUrl, appUrl)).toBe(path);
  });
  test.each([
    ['a web app elsewhere', 'https://docs.example.com', 'https://app.example.com'],
    ['another port', 'http://localhost:8080', 'http://localhost:3000/app'],
    ['the API itself', 'https://docs.example.com', 'https://docs.example.com/v1'],
    ['a public prefix of the gateway', 'https://docs.example.com', 'https://docs.example.com/openapi/x'],
    ['a look-alike host', 'https://docs.example.com', 'https://docs.example.com.evil.test/app'],
  ])('When APP_URL is %s, Then nothing is mounted', (_label, publicUrl, appUrl) => {
    expect(appMountPath(publicUrl, appUrl)).toBeUndefined();
  });
});

describe('appTarget', () => {
  test('The ids of the path are all the page shows, each encoded into the API link', () => {
    expect(appTarget('/s/sp1/a%20b/c')).toEqual({ kind: 'page', ids: [['space', 'sp1'], ['page path', 'a b/c']], api: '/v1/spaces/sp1/content/path/a%20b/c' });
    expect(appTarget('/o/org1/openapi/pet.store')?.published?.path).toBe('/openapi/org1/pet.store.json');
  });
  test.each(['/', '/o', '/o/org1/sites', '/o/org1/sites/s1/other', '/o/org1/extra/x/y', '/c/a/b', '/s', '/s/sp1/~/changes', '/x'])('%s names nothing', (path) => {
    expect(appTarget(path)).toBeUndefined();
  });
});

test('The page escapes everything from the path', () => {
  const html = appPageHtml({ kind: 'page', ids: [['page path', '<img src=x onerror=alert(1)>']], api: '/v1/spaces/s/content/path/%3Cimg' }, 'http://h');
  expect(html).not.toContain('<img');
  expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
});
