import { embedPlayer } from '../../src/embeds';
import { renderMarkdown } from '../../src/render';

const keep = () => undefined;
const framed = (markdown: string) => renderMarkdown(markdown, keep, { embedFrames: true });
const SANDBOX = 'sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"';

describe('embeds', () => {
  test.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/abc_DEF-1', 'https://www.youtube-nocookie.com/embed/abc_DEF-1'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://www.loom.com/share/0281766fa2d04bb788eaf19e65135184', 'https://www.loom.com/embed/0281766fa2d04bb788eaf19e65135184'],
    ['https://codesandbox.io/p/sandbox/create-a-request-shffng?embed=1', 'https://codesandbox.io/embed/create-a-request-shffng'],
  ])('When an embed links %s, Then its player is %s', (url, src) => {
    expect(embedPlayer(url)?.src).toBe(src);
  });

  test.each(['https://evil.test/watch?v=abc', 'https://www.youtube.com.evil.test/watch?v=abc', 'https://www.youtube.com/watch?v=a"b', 'javascript:alert(1)', 'https://vimeo.com/abc', 'not a url'])(
    'When an embed links %s, Then it has no player',
    (url) => expect(embedPlayer(url)).toBeUndefined(),
  );

  test('When a published page embeds a known provider, Then it is a sandboxed frame of its player with the link beneath', () => {
    expect(framed('{% embed url="https://youtu.be/dQw4w9WgXcQ" %}')).toBe(
      `<figure class="embed-frame"><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="YouTube: https://youtu.be/dQw4w9WgXcQ" ${SANDBOX} allow="fullscreen; picture-in-picture; encrypted-media" loading="lazy" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe><figcaption><a href="https://youtu.be/dQw4w9WgXcQ">https://youtu.be/dQw4w9WgXcQ</a></figcaption></figure>\n`,
    );
  });

  test('When an embed is printed or its provider is unknown, Then it is a link', () => {
    expect(renderMarkdown('{% embed url="https://youtu.be/dQw4w9WgXcQ" %}', keep)).toBe('<p class="embed"><a href="https://youtu.be/dQw4w9WgXcQ">https://youtu.be/dQw4w9WgXcQ</a></p>\n');
    expect(framed('{% embed url="https://example.com/widget" %}')).toBe('<p class="embed"><a href="https://example.com/widget">https://example.com/widget</a></p>\n');
  });

  test('When a page writes its own frames, Then only frames of the players survive, always sandboxed, and none in a print', () => {
    const own = '<iframe src="https://www.youtube-nocookie.com/embed/x" sandbox="allow-top-navigation allow-forms" onload="alert(1)" srcdoc="<script>alert(2)</script>"></iframe>';
    expect(framed(own)).toBe(`<iframe src="https://www.youtube-nocookie.com/embed/x" ${SANDBOX} allow="fullscreen; picture-in-picture; encrypted-media" loading="lazy" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>`);
    expect(framed('<iframe src="https://evil.test/x"></iframe><iframe src="http://www.youtube-nocookie.com/embed/x"></iframe><iframe src="/pages/p1"></iframe>')).not.toMatch(/evil|http:|\/pages/);
    expect(renderMarkdown(own, keep)).toBe('');
  });
});
