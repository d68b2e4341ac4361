import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { outlineOf, pageHtml } from '../../src/publisher/page-html';
import { PAGE_SCRIPT, PAGE_SCRIPT_CSP } from '../../src/publisher/page-script';
import { pageView as view, plainBranding as plain } from './fixtures';

describe('the reader page', () => {
  test('When the body has headings, Then the outline lists those of levels 2 and 3 with their anchors, text as sanitized', () => {
    const body = '<h1 id="t">Title</h1>\n<h2 id="setup">Set <code>it</code> up</h2>\n<h3 id="mac">On a Mac &amp; more</h3>\n<h4 id="deep">Deep</h4>';
    expect(outlineOf(body)).toEqual([
      { level: 2, id: 'setup', html: 'Set it up' },
      { level: 3, id: 'mac', html: 'On a Mac &amp; more' },
    ]);
    expect(pageHtml(view({ bodyHtml: body }))).toContain(
      '<nav class="outline" aria-label="On this page"><p>On this page</p><ul><li class="outline-2"><a href="#setup">Set it up</a></li><li class="outline-3"><a href="#mac">On a Mac &amp; more</a></li></ul></nav>',
    );
    expect(pageHtml(view())).not.toContain('class="outline"');
  });

  test("When the page's space has a language, Then the page declares it; without one it declares English", () => {
    expect(pageHtml(view({ language: 'pt-br' }))).toMatch(/^<!doctype html>\n<html lang="pt-br"/);
    expect(pageHtml(view())).toMatch(/^<!doctype html>\n<html lang="en"/);
  });

  test("When the page is published in other languages, Then its head links each version by hreflang, escaped; otherwise it has none", () => {
    const html = pageHtml(view({ canonicalHref: 'https://docs.example.com/guide', alternates: [{ language: 'en', href: 'https://docs.example.com/guide' }, { language: 'fr', href: 'https://docs.example.com/fr/guide?a=1&b="2"' }] }));
    expect(html).toContain('<link rel="canonical" href="https://docs.example.com/guide"><link rel="alternate" hreflang="en" href="https://docs.example.com/guide"><link rel="alternate" hreflang="fr" href="https://docs.example.com/fr/guide?a=1&amp;b=&quot;2&quot;">');
    expect(pageHtml(view())).not.toContain('hreflang');
  });

  test('When the page has a last change, Then it says when, as a date in UTC with its machine-readable time', () => {
    expect(pageHtml(view({ updatedAt: '2026-11-28T23:30:00.000Z' }))).toContain('<p class="updated">Last updated <time datetime="2026-11-28T23:30:00.000Z">Nov 28, 2026</time></p>');
    expect(pageHtml(view({ updatedAt: 'not a date' }))).not.toContain('class="updated"');
    expect(pageHtml(view())).not.toContain('class="updated"');
  });

  test('When titles from the space are hostile, Then breadcrumbs, pagination and the favicon escape them', () => {
    const evil = '<img src=x onerror=alert(1)>"';
    const html = pageHtml(view({ branding: plain(evil), breadcrumbs: [{ title: evil, href: '/o/s/"x' }, { title: evil }], previous: { title: evil, href: '/a' }, next: { title: evil, href: '/b' } }));
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('<li><a href="/o/s/&quot;x">&lt;img src=x onerror=alert(1)&gt;&quot;</a></li><li>&lt;img src=x onerror=alert(1)&gt;&quot;</li>');
    expect(html).toMatch(/<link rel="icon" href="data:image\/svg\+xml,[^"]*%26lt%3B[^"]*">/);
  });

  test('When a page is read on a phone, Then a menu button opens the pages without a script; the page s one script is its own', () => {
    const html = pageHtml(view());
    expect(html).toContain('<input type="checkbox" id="nav-toggle" class="nav-toggle" aria-label="Menu" aria-controls="pages">');
    expect(html).toContain('<label for="nav-toggle" class="menu-button">Menu</label>');
    expect(html).toContain('<nav class="sidebar" id="pages" aria-label="Pages">');
    expect(html.match(/<script>/g)).toEqual(['<script>']);
    expect(html).toContain(`<script>${PAGE_SCRIPT}</script>`);
  });

  test('When the page script is allowed, Then the CSP allows exactly it, by its hash', () => {
    expect(PAGE_SCRIPT_CSP).toBe(`'sha256-${createHash('sha256').update(PAGE_SCRIPT).digest('base64')}'`);
  });
});

describe("the page's weight (issue 24's budget)", () => {
  test('When a page is served, Then its script stays under 60 KB and its styles under 50 KB once compressed', () => {
    const html = pageHtml(view());
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(style.length).toBeGreaterThan(1_000);
    expect(script).toBe(PAGE_SCRIPT);
    expect(gzipSync(script).length).toBeLessThan(60 * 1024);
    expect(gzipSync(style).length).toBeLessThan(50 * 1024);
  });
});
