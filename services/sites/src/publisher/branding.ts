import { defaultCustomization } from '../domain/customization-defaults';
import { isJsonObject, isSafeImage, isSafeLink, type JsonObject, type JsonValue } from '../domain/customization';

/**
 * What a published page draws from the site's customization (docs/adr/0087), read out of the effective
 * official settings (validated on write; read defensively all the same: a value of the wrong shape is left
 * out, a URL that is not http(s) is never put in a page). Pure.
 */
export interface LinkView {
  title: string;
  href: string;
}

export interface HeaderItemView {
  title: string;
  href?: string;
  style: 'link' | 'button-primary' | 'button-secondary';
  links: LinkView[];
}

export type ThemeMode = 'light' | 'dark' | 'system';

export interface Branding {
  title: string;
  /** The site's own primary colour (`#rgb`/`#rrggbb`), light and dark; absent: the page's own palette. */
  primary?: { light: string; dark: string };
  corners: 'straight' | 'rounded' | 'circular';
  /** Links in body text coloured like the text, underlined in the primary colour. */
  accentLinks: boolean;
  /** A default font the site chose, as a family name (not loaded: shown where the reader has it). */
  font?: string;
  logo?: { light: string; dark: string };
  favicon: { kind: 'initial' } | { kind: 'icon'; light: string; dark: string } | { kind: 'emoji'; emoji: string };
  header: HeaderItemView[];
  footer: { logo?: { light: string; dark: string }; groups: Array<{ title: string; links: LinkView[] }>; copyright?: string; social: LinkView[]; privacyPolicy?: string };
  announcement?: { message: string; style: 'info' | 'warning' | 'danger' | 'success'; link?: LinkView };
  theme: ThemeMode;
  themeToggle: boolean;
  pagination: boolean;
  trademark: boolean;
  copyMarkdown: boolean;
  /** External links (header, footer) open in a new tab. */
  externalInNewTab: boolean;
  socialPreview?: string;
}

const obj = (value: JsonValue | undefined): JsonObject => (isJsonObject(value) ? value : {});
const list = (value: JsonValue | undefined): JsonValue[] => (Array.isArray(value) ? value : []);
const text = (value: JsonValue | undefined): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const oneOf = <T extends string>(value: JsonValue | undefined, allowed: readonly T[], fallback: T): T => allowed.find((a) => a === value) ?? fallback;
const COLOR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

/** A themed colour the site chose: the product's default one is drawn with the page's palette, checked for contrast. */
function chosenColor(value: JsonValue | undefined, productDefault: JsonValue | undefined): { light: string; dark: string } | undefined {
  const { light, dark } = obj(value);
  if (typeof light !== 'string' || !COLOR.test(light) || typeof dark !== 'string' || !COLOR.test(dark)) return undefined;
  const base = obj(productDefault);
  return light === base.light && dark === base.dark ? undefined : { light, dark };
}

function themedImage(value: JsonValue | undefined): { light: string; dark: string } | undefined {
  const light = text(obj(value).light);
  if (!light || !isSafeImage(light)) return undefined;
  const dark = text(obj(value).dark);
  return { light, dark: dark && isSafeImage(dark) ? dark : light };
}

/** A content reference's href: URLs only (a reference to a page of another space is not resolved here). */
function hrefOf(ref: JsonValue | undefined): string | undefined {
  const { kind, url } = obj(ref);
  return kind === 'url' && typeof url === 'string' && isSafeLink(url) ? url : undefined;
}

function linksOf(value: JsonValue | undefined): LinkView[] {
  return list(value).flatMap((item) => {
    const title = text(obj(item).title);
    const href = hrefOf(obj(item).to);
    return title && href ? [{ title, href }] : [];
  });
}

/** Where each platform's profile lives; a handle is one path segment (escaped). */
const SOCIAL: Record<string, (handle: string) => string> = {
  twitter: (h) => `https://x.com/${h}`,
  instagram: (h) => `https://www.instagram.com/${h}`,
  facebook: (h) => `https://www.facebook.com/${h}`,
  linkedin: (h) => `https://www.linkedin.com/company/${h}`,
  github: (h) => `https://github.com/${h}`,
  discord: (h) => `https://discord.gg/${h}`,
  youtube: (h) => `https://www.youtube.com/@${h}`,
  tiktok: (h) => `https://www.tiktok.com/@${h}`,
  reddit: (h) => `https://www.reddit.com/r/${h}`,
  bluesky: (h) => `https://bsky.app/profile/${h}`,
  threads: (h) => `https://www.threads.net/@${h}`,
  medium: (h) => `https://medium.com/@${h}`,
};
const PLATFORM_NAMES: Record<string, string> = { twitter: 'X', github: 'GitHub', linkedin: 'LinkedIn', youtube: 'YouTube', tiktok: 'TikTok', bluesky: 'Bluesky' };

function socialLinks(accounts: JsonValue | undefined): LinkView[] {
  return list(accounts).flatMap((account) => {
    const { platform, handle, display } = obj(account);
    if (typeof platform !== 'string' || typeof handle !== 'string' || handle === '' || obj(display).footer === false) return [];
    const profile = SOCIAL[platform];
    if (!profile) return [];
    const title = PLATFORM_NAMES[platform] ?? `${platform.charAt(0).toUpperCase()}${platform.slice(1)}`;
    return [{ title, href: profile(encodeURIComponent(handle.replace(/^@/, ''))) }];
  });
}

function headerItems(value: JsonValue | undefined): HeaderItemView[] {
  return list(value).flatMap((item): HeaderItemView[] => {
    const fields = obj(item);
    const title = text(fields.title);
    // A conditional item is for some visitors only: pages are rendered once for all of them, so it is not shown.
    if (!title || fields.condition !== undefined) return [];
    const href = hrefOf(fields.to);
    const links = linksOf(fields.links);
    if (!href && links.length === 0) return [];
    return [{ title, ...(href ? { href } : {}), style: oneOf(fields.style, ['link', 'button-primary', 'button-secondary'] as const, 'link'), links }];
  });
}

function faviconOf(value: JsonValue | undefined): Branding['favicon'] {
  const fields = obj(value);
  const icon = themedImage(fields.icon);
  if (icon) return { kind: 'icon', ...icon };
  const emoji = text(fields.emoji);
  return emoji ? { kind: 'emoji', emoji } : { kind: 'initial' };
}

export function brandingOf(settings: JsonObject, siteTitle: string): Branding {
  const styling = obj(settings.styling);
  const footer = obj(settings.footer);
  const announcement = obj(settings.announcement);
  const message = text(announcement.message);
  const announcementLink = linksOf([announcement.link ?? null])[0];
  const font = styling.font;
  const logo = themedImage(obj(settings.header).logo);
  const footerLogo = themedImage(footer.logo);
  const copyright = text(footer.copyright);
  const privacyPolicy = text(obj(settings.privacyPolicy).url);
  const socialPreview = text(obj(settings.socialPreview).url);
  const product = obj(defaultCustomization(siteTitle).styling);
  const primary = chosenColor(styling.primaryColor, product.primaryColor);
  return {
    title: text(settings.title) ?? siteTitle,
    ...(primary ? { primary } : {}),
    corners: oneOf(styling.corners, ['straight', 'rounded', 'circular'] as const, 'rounded'),
    accentLinks: styling.links === 'accent',
    ...(typeof font === 'string' && font !== product.font && /^[A-Za-z]+$/.test(font) ? { font: font.replace(/([a-z])([A-Z])/g, '$1 $2') } : {}),
    ...(logo ? { logo } : {}),
    favicon: faviconOf(settings.favicon),
    header: headerItems(obj(settings.header).links),
    footer: {
      ...(footerLogo ? { logo: footerLogo } : {}),
      groups: list(footer.groups).flatMap((group) => {
        const title = text(obj(group).title);
        const links = linksOf(obj(group).links);
        return title && links.length > 0 ? [{ title, links }] : [];
      }),
      ...(copyright ? { copyright } : {}),
      social: socialLinks(settings.socialAccounts),
      ...(privacyPolicy && isSafeLink(privacyPolicy) ? { privacyPolicy } : {}),
    },
    ...(announcement.enabled === true && message
      ? { announcement: { message, style: oneOf(announcement.style, ['info', 'warning', 'danger', 'success'] as const, 'info'), ...(announcementLink ? { link: announcementLink } : {}) } }
      : {}),
    theme: oneOf(obj(settings.themes).default, ['light', 'dark', 'system'] as const, 'system'),
    themeToggle: obj(settings.themes).toggeable !== false,
    pagination: obj(settings.pagination).enabled !== false,
    trademark: obj(settings.trademark).enabled !== false,
    copyMarkdown: list(obj(settings.pageActions).items).includes('markdown'),
    externalInNewTab: obj(settings.externalLinks).target === 'blank',
    ...(socialPreview && isSafeImage(socialPreview) ? { socialPreview } : {}),
  };
}
