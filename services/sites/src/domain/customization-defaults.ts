import { layered, type JsonObject } from './customization';

/**
 * The product's customization (official `SiteCustomizationSettings`) with the site's own title: what a site
 * that never chose a setting is drawn with, and what a PUT's unset fields fall back to.
 */
export function defaultCustomization(title: string): JsonObject {
  const themed = (light: string, dark: string) => ({ light, dark });
  return {
    title,
    styling: {
      theme: 'clean',
      primaryColor: themed('#346DDB', '#346DDB'),
      infoColor: themed('#787878', '#787878'),
      successColor: themed('#00C950', '#00C950'),
      warningColor: themed('#FE9A00', '#FE9A00'),
      dangerColor: themed('#FB2C36', '#FB2C36'),
      corners: 'rounded',
      depth: 'subtle',
      links: 'default',
      font: 'Inter',
      monospaceFont: 'IBMPlexMono',
      codeTheme: { default: themed('default-light', 'default-dark'), openapi: themed('default-light', 'default-dark') },
      background: 'plain',
      icons: 'regular',
      sidebar: { background: 'default', list: 'default' },
      search: 'subtle',
    },
    internationalization: { locale: 'en' },
    favicon: {},
    header: { preset: 'default', links: [] },
    footer: { groups: [] },
    themes: { default: 'system', toggeable: true },
    feedback: { enabled: false },
    ai: { mode: 'none' },
    advancedCustomization: { enabled: true },
    pageActions: { items: ['markdown'] },
    externalLinks: { target: 'self' },
    pagination: { enabled: true },
    trademark: { enabled: true },
    privacyPolicy: {},
    socialPreview: {},
    socialAccounts: [],
    insights: { trackingCookie: true },
  };
}

/**
 * The settings a site space is drawn with: the defaults, under the site's settings, under the site space's
 * overrides. A site's settings without a title keep the site's.
 */
export function effectiveCustomization(siteTitle: string, site: JsonObject | undefined, overrides?: JsonObject): JsonObject {
  return layered(layered(defaultCustomization(siteTitle), site ?? {}), overrides ?? {});
}
