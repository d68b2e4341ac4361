import { ICON_STYLES, type IconStyle } from '@dp/markdown-html';
import type { JsonObject, JsonValue } from '../domain/customization';
import { isJsonObject } from '../domain/customization';

/**
 * The site's styling beyond its primary colour (docs/adr/0093): semantic colours, background tint, fonts (the
 * product's names, or a custom font's faces), the sidebar's list and background, and the look of the header,
 * surfaces and search box (theme, depth, search), read defensively from the stored
 * settings: a value of the wrong shape is left out, a font URL that could break out of CSS is never kept. Pure.
 */
export type Themed = { light: string; dark: string };
export type SemanticColor = 'info' | 'success' | 'warning' | 'danger';

export interface FontFaceView {
  weight: number;
  sources: Array<{ url: string; format?: 'woff2' | 'woff' }>;
}

export interface FontView {
  family: string;
  /** The files of a custom font; none for a font the product names (shown where the reader has it). */
  faces: FontFaceView[];
}

export interface StylingView {
  semantic: Partial<Record<SemanticColor, Themed>>;
  /** A colour the page's background and surfaces lean towards. */
  tint?: Themed;
  font?: FontView;
  headingFont?: FontView;
  monospaceFont?: FontView;
  sidebarList: 'default' | 'pill' | 'line';
  sidebarBackground: 'default' | 'filled';
  /** The official `theme`, `depth` and `search` styles of the header, surfaces and search box. */
  theme: 'clean' | 'muted' | 'bold' | 'gradient';
  depth: 'subtle' | 'flat';
  search: 'subtle' | 'prominent';
  /** The set pages' icons are drawn from (the official `icons`). */
  icons: IconStyle;
}

/** The page's own look: what a frame that shows nothing of a site (its 404) is drawn with. */
export const PLAIN_STYLING: StylingView = { semantic: {}, sidebarList: 'default', sidebarBackground: 'default', theme: 'clean', depth: 'subtle', search: 'subtle', icons: 'regular' };

/** Faces and sources drawn per font: enough for regular, bold and their italics in two formats. */
export const FONT_LIMITS = { faces: 8, sources: 3 } as const;

const obj = (value: JsonValue | undefined): JsonObject => (isJsonObject(value) ? value : {});
const COLOR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;
/** A family name that is safe inside a CSS string. */
const FAMILY = /^[A-Za-z0-9][A-Za-z0-9 _-]{0,49}$/;
/** A product font's name (`OpenSans`), shown with its spaces (`Open Sans`). */
const PRODUCT_FONT = /^[A-Za-z]{1,40}$/;

/** A themed colour the site chose; the product's default one is left to the page's own palette. */
export function chosenColor(value: JsonValue | undefined, productDefault: JsonValue | undefined): Themed | undefined {
  const { light, dark } = obj(value);
  if (typeof light !== 'string' || !COLOR.test(light) || typeof dark !== 'string' || !COLOR.test(dark)) return undefined;
  const base = obj(productDefault);
  return light === base.light && dark === base.dark ? undefined : { light, dark };
}

/** An https font file whose URL cannot end a CSS `url("...")`. */
function fontSource(value: JsonValue): FontFaceView['sources'][number] | undefined {
  const { url, format } = obj(value);
  if (typeof url !== 'string' || !/^https:\/\//i.test(url) || !URL.canParse(url) || /["'()\\\s<>]/.test(url)) return undefined;
  return { url, ...(format === 'woff2' || format === 'woff' ? { format } : {}) };
}

function fontFace(value: JsonValue): FontFaceView | undefined {
  const { weight, sources } = obj(value);
  if (typeof weight !== 'number' || !Number.isInteger(weight) || weight < 1 || weight > 1000 || !Array.isArray(sources)) return undefined;
  const kept = sources.flatMap((s) => fontSource(s) ?? []).slice(0, FONT_LIMITS.sources);
  return kept.length > 0 ? { weight, sources: kept } : undefined;
}

/** A font the site chose: a product font's name, or a custom definition with its faces. */
export function fontOf(value: JsonValue | undefined, productDefault: JsonValue | undefined): FontView | undefined {
  if (typeof value === 'string') return value !== productDefault && PRODUCT_FONT.test(value) ? { family: value.replace(/([a-z])([A-Z])/g, '$1 $2'), faces: [] } : undefined;
  const { fontFamily, fontFaces } = obj(value);
  if (typeof fontFamily !== 'string' || !FAMILY.test(fontFamily)) return undefined;
  const faces = (Array.isArray(fontFaces) ? fontFaces : []).flatMap((f) => fontFace(f) ?? []).slice(0, FONT_LIMITS.faces);
  return { family: fontFamily, faces };
}

export function stylingOf(styling: JsonObject, product: JsonObject): StylingView {
  const semantic: StylingView['semantic'] = {};
  for (const name of ['info', 'success', 'warning', 'danger'] as const) {
    const color = chosenColor(styling[`${name}Color`], product[`${name}Color`]);
    if (color) semantic[name] = color;
  }
  const tint = chosenColor(obj(styling.tint).color, undefined);
  const font = fontOf(styling.font, product.font);
  const headingFont = fontOf(styling.headingFont, undefined);
  const monospaceFont = fontOf(styling.monospaceFont, product.monospaceFont);
  const { list, background } = obj(styling.sidebar);
  return {
    semantic,
    ...(tint ? { tint } : {}),
    ...(font ? { font } : {}),
    ...(headingFont ? { headingFont } : {}),
    ...(monospaceFont ? { monospaceFont } : {}),
    sidebarList: list === 'pill' || list === 'line' ? list : 'default',
    sidebarBackground: background === 'filled' ? 'filled' : 'default',
    theme: styling.theme === 'muted' || styling.theme === 'bold' || styling.theme === 'gradient' ? styling.theme : 'clean',
    depth: styling.depth === 'flat' ? 'flat' : 'subtle',
    search: styling.search === 'prominent' ? 'prominent' : 'subtle',
    icons: iconsOf(styling),
  };
}

const iconsOf = (styling: JsonObject): IconStyle => ICON_STYLES.find((style) => style === styling.icons) ?? 'regular';

/** The icon set the site chose (`styling.icons`), handed to the renderer; absent when it keeps the product's `regular`. */
export function iconStyleOf(settings: JsonObject): IconStyle | undefined {
  const chosen = iconsOf(obj(settings.styling));
  return chosen === 'regular' ? undefined : chosen;
}

const THEME_NAME = /^[a-z0-9-]{1,40}$/;

/**
 * The code themes the site chose (`styling.codeTheme.default`, light and dark), handed to the renderer, which
 * knows the names (docs/adr/0093); absent when the product's defaults are kept or a value is malformed.
 */
export function codeThemesOf(settings: JsonObject): { light: string; dark: string } | undefined {
  const { light, dark } = obj(obj(obj(settings.styling).codeTheme).default);
  if (typeof light !== 'string' || typeof dark !== 'string' || !THEME_NAME.test(light) || !THEME_NAME.test(dark)) return undefined;
  return light === 'default-light' && dark === 'default-dark' ? undefined : { light, dark };
}
