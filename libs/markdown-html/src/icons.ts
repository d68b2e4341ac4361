import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * GitBook's icons (`<i class="fa-rocket">:rocket:</i>` in its markdown) drawn as Font Awesome Free's SVGs, inline
 * (no font, no script, nothing fetched; `fill="currentColor"` follows the text). The site's `styling.icons` picks the
 * set: `solid` or `regular`; Font Awesome's `light`, `thin` and `duotone` are its paid sets, drawn from the free ones
 * closest to them. An icon no free set has stays as written (its `:name:` text).
 */
export type IconStyle = 'regular' | 'solid' | 'duotone' | 'light' | 'thin';
export const ICON_STYLES: readonly IconStyle[] = ['regular', 'solid', 'duotone', 'light', 'thin'];

type IconSet = 'regular' | 'solid' | 'brands';
/** The sets an icon is looked for in, first match wins. */
const SETS: Record<IconStyle, IconSet[]> = {
  regular: ['regular', 'solid', 'brands'],
  light: ['regular', 'solid', 'brands'],
  thin: ['regular', 'solid', 'brands'],
  solid: ['solid', 'regular', 'brands'],
  duotone: ['solid', 'regular', 'brands'],
};

const ROOT = join(dirname(require.resolve('@fortawesome/fontawesome-free/package.json')), 'svgs');
/** The names each set has, read once: a lookup never touches the disk for a name no set has. */
let names: Map<IconSet, Set<string>> | undefined;
/** The SVGs drawn so far, by set and name: bounded by the package's files (about 2,800). */
const drawn = new Map<string, string>();

function svgIn(set: IconSet, name: string): string | undefined {
  names ??= new Map((['regular', 'solid', 'brands'] as const).map((s) => [s, new Set(readdirSync(join(ROOT, s)).map((f) => f.replace(/\.svg$/, '')))]));
  if (!names.get(set)?.has(name)) return undefined;
  const key = `${set}/${name}`;
  let svg = drawn.get(key);
  if (svg === undefined) {
    svg = readFileSync(join(ROOT, set, `${name}.svg`), 'utf8')
      .trim()
      .replace('<svg ', '<svg class="icon" aria-hidden="true" focusable="false" ');
    drawn.set(key, svg);
  }
  return svg;
}

/** The SVG of icon `name` in `style`'s sets, or undefined. */
export function iconSvg(name: string, style: IconStyle): string | undefined {
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(name)) return undefined;
  for (const set of SETS[style]) {
    const svg = svgIn(set, name);
    if (svg) return svg;
  }
  return undefined;
}

/** Sanitized HTML with each icon the sanitizer kept (`<i class="fa-name">`) drawn as its SVG. */
export function drawIcons(html: string, style: IconStyle): string {
  if (!html.includes('<i class="fa-')) return html;
  return html.replace(/<i class="fa-([a-z0-9][a-z0-9-]{0,63})">([^<]{0,100})<\/i>/g, (written, name: string) => iconSvg(name, style) ?? written);
}
