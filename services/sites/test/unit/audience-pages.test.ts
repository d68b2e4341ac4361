import { refusalPage } from '../../src/publisher/audience-pages';

describe('refusal pages', () => {
  test.each([401, 403] as const)('When a reader is refused with %s, Then the answer is an HTML page (browsers hide a 4xx without a body), not cached, not indexed', (status) => {
    const page = refusalPage(status);
    expect(page.headers).toEqual({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' });
    expect(page.body).toMatch(/^<!doctype html>.*<h1>.+<\/h1>/);
  });
});
