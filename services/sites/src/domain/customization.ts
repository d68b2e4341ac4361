/**
 * Rules of a site's customization (docs/adr/0087): what the official schema cannot say (how much a tenant
 * may store, which URLs a reader's browser may be sent to), and how settings stack: the product's defaults,
 * under the site's settings (PUT: a full replacement, unset fields back to the defaults), under a site space's
 * overrides (PATCH: a null resets one). Pure.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export type JsonObject = { [key: string]: JsonValue };

export const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What one site may store: every page of the site carries its header and footer. */
export const CUSTOMIZATION_LIMITS = { bytes: 32 * 1024, headerItems: 10, headerSubLinks: 20, footerGroups: 10, footerLinks: 30, socialAccounts: 20 } as const;

/** Settings replaced whole, never merged: unions of the schema, whose branches do not mix. */
const REPLACED_WHOLE = new Set(['favicon', 'announcement', 'styling.font', 'styling.headingFont', 'styling.monospaceFont', 'header.primaryLink']);

/** `over` laid over `base`: objects merged key by key, anything else (arrays included) replacing. Nulls in `over` keep `base`. */
export function layered(base: JsonObject, over: JsonObject, at = ''): JsonObject {
  const out: JsonObject = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const path = at ? `${at}.${key}` : key;
    if (value === null) continue;
    const below = out[key];
    out[key] = isJsonObject(value) && isJsonObject(below) && !REPLACED_WHOLE.has(path) ? layered(below, value, path) : value;
  }
  return out;
}

/** A site space's stored overrides after an override PATCH: set keys replace, nulls remove, empty groups go. */
export function patchedOverrides(stored: JsonObject, patch: JsonObject, at = ''): JsonObject {
  const out: JsonObject = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    const path = at ? `${at}.${key}` : key;
    const below = out[key];
    if (value === null) delete out[key];
    else if (isJsonObject(value) && !REPLACED_WHOLE.has(path)) {
      const merged = patchedOverrides(isJsonObject(below) ? below : {}, value, path);
      if (Object.keys(merged).length > 0) out[key] = merged;
      else delete out[key];
    } else out[key] = value;
  }
  return out;
}

/** A link a reader may follow: http(s), mailto, or a path of the site's own origin (not `//host`). */
export function isSafeLink(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  return /^(https?|mailto):/i.test(url) && URL.canParse(url);
}

/** An image the page may load: an absolute http(s) URL (the page's CSP allows `https:` images). */
export const isSafeImage = (url: string): boolean => /^https?:\/\//i.test(url) && URL.canParse(url);

const lengthAt = (value: JsonValue | undefined): number => (Array.isArray(value) ? value.length : 0);

/** Every `{ kind: 'url', url }` content reference anywhere in the settings (header and footer links, primary link, announcement). */
function urlRefs(value: JsonValue, at: string, out: Array<{ at: string; url: string }>): void {
  if (Array.isArray(value)) value.forEach((item, i) => urlRefs(item, `${at}.${i}`, out));
  else if (isJsonObject(value)) {
    if (value.kind === 'url' && typeof value.url === 'string') out.push({ at: `${at}.url`, url: value.url });
    for (const [key, inner] of Object.entries(value)) urlRefs(inner, `${at}.${key}`, out);
  }
}

/** The image URLs of the settings, by where they are. */
function imageUrls(settings: JsonObject, at: string): Array<{ at: string; url: string }> {
  const themed = (group: string, key: string) => {
    const holder = settings[group];
    const value = isJsonObject(holder) ? holder[key] : undefined;
    return isJsonObject(value) ? Object.entries(value).flatMap(([theme, url]) => (typeof url === 'string' ? [{ at: `${at}.${group}.${key}.${theme}`, url }] : [])) : [];
  };
  const single = (group: string) => {
    const holder = settings[group];
    return isJsonObject(holder) && typeof holder.url === 'string' ? [{ at: `${at}.${group}.url`, url: holder.url }] : [];
  };
  return [...themed('header', 'logo'), ...themed('footer', 'logo'), ...themed('favicon', 'icon'), ...single('socialPreview')];
}

/**
 * Why these settings (a site's, or a site space's overrides) cannot be stored, after the official schema
 * accepted them; undefined when they can. `at` names the body in the message.
 */
export function customizationProblem(settings: JsonObject, at = 'body'): string | undefined {
  const bytes = Buffer.byteLength(JSON.stringify(settings));
  if (bytes > CUSTOMIZATION_LIMITS.bytes) return `${at} is ${bytes} bytes; a site's customization is at most ${CUSTOMIZATION_LIMITS.bytes}`;
  const header = isJsonObject(settings.header) ? settings.header : {};
  const footer = isJsonObject(settings.footer) ? settings.footer : {};
  const counts: Array<[string, number, number]> = [
    [`${at}.header.links`, lengthAt(header.links), CUSTOMIZATION_LIMITS.headerItems],
    [`${at}.footer.groups`, lengthAt(footer.groups), CUSTOMIZATION_LIMITS.footerGroups],
    [`${at}.socialAccounts`, lengthAt(settings.socialAccounts), CUSTOMIZATION_LIMITS.socialAccounts],
    ...(Array.isArray(header.links) ? header.links : []).map((item, i): [string, number, number] => [`${at}.header.links.${i}.links`, isJsonObject(item) ? lengthAt(item.links) : 0, CUSTOMIZATION_LIMITS.headerSubLinks]),
    ...(Array.isArray(footer.groups) ? footer.groups : []).map((group, i): [string, number, number] => [`${at}.footer.groups.${i}.links`, isJsonObject(group) ? lengthAt(group.links) : 0, CUSTOMIZATION_LIMITS.footerLinks]),
  ];
  for (const [where, count, max] of counts) if (count > max) return `${where} has ${count} items; at most ${max}`;
  for (const image of imageUrls(settings, at)) if (!isSafeImage(image.url)) return `${image.at} must be an http(s) URL`;
  const privacy = isJsonObject(settings.privacyPolicy) ? settings.privacyPolicy.url : undefined;
  if (typeof privacy === 'string' && !isSafeLink(privacy)) return `${at}.privacyPolicy.url must be an http(s) or mailto URL, or a path`;
  const links: Array<{ at: string; url: string }> = [];
  urlRefs(settings, at, links);
  for (const link of links) if (!isSafeLink(link.url)) return `${link.at} must be an http(s) or mailto URL, or a path`;
  return undefined;
}
