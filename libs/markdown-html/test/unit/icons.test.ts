import { renderMarkdown } from '../../src';
import { drawIcons, iconSvg } from '../../src/icons';

const render = (markdown: string, iconStyle?: Parameters<typeof iconSvg>[1]) => renderMarkdown(markdown, () => undefined, iconStyle ? { iconStyle } : {}).trim();
const pathOf = (svg: string | undefined) => svg?.match(/ d="([^"]+)"/)?.[1];

describe("GitBook's icons drawn from Font Awesome Free", () => {
  test('When a page holds an icon, Then it is drawn as an inline SVG in the text colour, hidden from screen readers', () => {
    const html = render('Launch <i class="fa-rocket">:rocket:</i> now');
    expect(html).toMatch(/^<p>Launch <svg class="icon" aria-hidden="true" focusable="false" xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 512 512">.*fill="currentColor".*<\/svg> now<\/p>$/s);
  });

  test('When the site picks solid or regular, Then an icon both sets have is drawn from the chosen one; one only solid has is drawn solid', () => {
    expect(pathOf(iconSvg('face-smile', 'solid'))).not.toBe(pathOf(iconSvg('face-smile', 'regular')));
    expect(render('<i class="fa-face-smile">:face-smile:</i>', 'solid')).toContain(pathOf(iconSvg('face-smile', 'solid'))!);
    expect(render('<i class="fa-face-smile">:face-smile:</i>')).toContain(pathOf(iconSvg('face-smile', 'regular'))!);
    // The paid sets: the free one closest to them.
    expect(iconSvg('face-smile', 'light')).toBe(iconSvg('face-smile', 'regular'));
    expect(iconSvg('face-smile', 'duotone')).toBe(iconSvg('face-smile', 'solid'));
    expect(iconSvg('rocket', 'regular')).toBe(iconSvg('rocket', 'solid'));
    expect(iconSvg('github', 'regular')).toContain('<svg class="icon"');
  });

  test('When an icon is unknown or its name is hostile, Then it stays as written and no file outside the icons is read', () => {
    expect(render('<i class="fa-no-such-icon-here">:x:</i>')).toBe('<p><i class="fa-no-such-icon-here">:x:</i></p>');
    for (const name of ['../../package', '..%2fpackage', 'Rocket', 'a'.repeat(80), '']) expect(iconSvg(name, 'solid')).toBeUndefined();
    expect(drawIcons('<i class="fa-../../package">x</i>', 'solid')).toBe('<i class="fa-../../package">x</i>');
    // The sanitizer keeps only fa-* classes on <i> and no other attribute: nothing rides along with an icon.
    expect(render('<i class="fa-rocket evil" onclick="alert(1)" style="color:red">:rocket:</i>')).toMatch(/^<p><svg class="icon"[^>]*>.*<\/svg><\/p>$/s);
  });
});
