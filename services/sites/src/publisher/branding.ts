import { defaultCustomization } from '../domain/customization-defaults';
import { isJsonObject, isSafeImage, isSafeLink, type JsonObject, type JsonValue } from '../domain/customization';
import { chosenColor, stylingOf, type StylingView } from './branding-styling';

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
  /** Semantic colours, tint, fonts and the sidebar's style (branding-styling.ts). */
  styling: StylingView;
  /** Pages show "Was this page helpful?" (docs/adr/0093). */
  feedback: boolean;
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
function themedImage(value: JsonValue | undefined): { light: string; dark: string } | undefined {
  const light = text(obj(value).light);
  if (!light || !isSafeImage(light)) return undefined;
  const dark = text(obj(value).dark);
  return { light, dark: dark && isSafeImage(dark) ? dark : light };
}

/** A reference to a page (or an anchor of one) or a space of the organization, as links of the header and footer make them. */
export type ContentTarget = { kind: 'page'; page: string; space?: string; anchor?: string } | { kind: 'space'; space: string };
/** Where a target is published on this site for this visitor (a path of the site); undefined: it is not shown here. */
export type ResolveTarget = (target: ContentTarget) => string | undefined;
/** Whether this visitor sees what a header item's `condition` (an adaptive-content expression) guards. */
export type ShowsCondition = (expression: string) => boolean;

/** Which conditional header items this visitor sees (their indexes): what a page drawn for them depends on. */
export function shownConditionalItems(settings: JsonObject, shows: ShowsCondition): string {
  return list(obj(settings.header).links)
    .flatMap((item, i) => {
      const condition = obj(item).condition;
      return condition !== undefined && typeof condition === 'string' && shows(condition) ? [i] : [];
    })
    .join(',');
}

const optional = (value: JsonValue | undefined) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The content target of a reference (`page`, `anchor` with its page, `space`); undefined for a URL or anything else. */
export function contentTargetOf(ref: JsonValue | undefined): ContentTarget | undefined {
  const { kind, page, space, anchor } = obj(ref);
  const inSpace = optional(space) ? { space: optional(space) } : {};
  if (kind === 'page' && optional(page)) return { kind: 'page', page: String(page), ...inSpace };
  if (kind === 'anchor' && optional(page) && optional(anchor)) return { kind: 'page', page: String(page), anchor: String(anchor), ...inSpace };
  if (kind === 'space' && optional(space)) return { kind: 'space', space: String(space) };
  return undefined;
}

/** A content reference's href: a safe URL, or where `resolve` says a page or space of the site is (a path of it). */
function hrefOf(ref: JsonValue | undefined, resolve: ResolveTarget): string | undefined {
  const { kind, url } = obj(ref);
  if (kind === 'url') return typeof url === 'string' && isSafeLink(url) ? url : undefined;
  const target = contentTargetOf(ref);
  const href = target && resolve(target);
  return href && href.startsWith('/') && !href.startsWith('//') ? href : undefined;
}

function linksOf(value: JsonValue | undefined, resolve: ResolveTarget): LinkView[] {
  return list(value).flatMap((item) => {
    const title = text(obj(item).title);
    const href = hrefOf(obj(item).to, resolve);
    return title && href ? [{ title, href }] : [];
  });
}

/** Every content target the settings' header, footer and announcement links name: what a page must resolve to draw them. */
export function contentTargetsOf(settings: JsonObject): ContentTarget[] {
  const header = list(obj(settings.header).links);
  const refs = [
    ...header.flatMap((item) => [obj(item).to, ...list(obj(item).links).map((link) => obj(link).to)]),
    ...list(obj(settings.footer).groups).flatMap((group) => list(obj(group).links).map((link) => obj(link).to)),
    obj(obj(settings.announcement).link).to,
  ];
  return refs.flatMap((ref) => contentTargetOf(ref) ?? []);
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

function headerItems(value: JsonValue | undefined, resolve: ResolveTarget, shows: ShowsCondition): HeaderItemView[] {
  return list(value).flatMap((item): HeaderItemView[] => {
    const fields = obj(item);
    const title = text(fields.title);
    // A conditional item shows to the visitors its expression picks (none without a visitor, or when unreadable).
    if (!title || (fields.condition !== undefined && !(typeof fields.condition === 'string' && shows(fields.condition)))) return [];
    const href = hrefOf(fields.to, resolve);
    const links = linksOf(fields.links, resolve);
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

export function brandingOf(settings: JsonObject, siteTitle: string, resolve: ResolveTarget = () => undefined, shows: ShowsCondition = () => false): Branding {
  const styling = obj(settings.styling);
  const footer = obj(settings.footer);
  const announcement = obj(settings.announcement);
  const message = text(announcement.message);
  const announcementLink = linksOf([announcement.link ?? null], resolve)[0];
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
    styling: stylingOf(styling, product),
    feedback: obj(settings.feedback).enabled === true,
    ...(logo ? { logo } : {}),
    favicon: faviconOf(settings.favicon),
    header: headerItems(obj(settings.header).links, resolve, shows),
    footer: {
      ...(footerLogo ? { logo: footerLogo } : {}),
      groups: list(footer.groups).flatMap((group) => {
        const title = text(obj(group).title);
        const links = linksOf(obj(group).links, resolve);
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
