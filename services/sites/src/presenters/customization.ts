/**
 * The customization settings of a site as the published profile carries them (the official
 * `SiteCustomizationSettings`). Sites cannot be customized on this platform yet (GET/PUT SITE/customization
 * are not part of the interface), so every site has the product's defaults, with the site's own title: what
 * a renderer needs to draw the site, and nothing a site never chose.
 */
export function defaultCustomization(title: string) {
  const themed = (light: string, dark: string) => ({ light, dark });
  return {
    title,
    styling: {
      theme: 'clean' as const,
      primaryColor: themed('#346DDB', '#346DDB'),
      infoColor: themed('#787878', '#787878'),
      successColor: themed('#00C950', '#00C950'),
      warningColor: themed('#FE9A00', '#FE9A00'),
      dangerColor: themed('#FB2C36', '#FB2C36'),
      corners: 'rounded' as const,
      depth: 'subtle' as const,
      links: 'default' as const,
      font: 'Inter' as const,
      monospaceFont: 'IBMPlexMono' as const,
      codeTheme: { default: themed('default-light', 'default-dark'), openapi: themed('default-light', 'default-dark') },
      background: 'plain' as const,
      icons: 'regular' as const,
      sidebar: { background: 'default' as const, list: 'default' as const },
      search: 'subtle' as const,
    },
    internationalization: { locale: 'en' as const },
    favicon: {},
    header: { preset: 'default' as const, links: [] as never[] },
    footer: { groups: [] as never[] },
    themes: { default: 'light' as const, toggeable: true },
    feedback: { enabled: false },
    ai: { mode: 'none' as const },
    advancedCustomization: { enabled: true },
    pageActions: { items: ['markdown'] as const },
    externalLinks: { target: 'self' as const },
    pagination: { enabled: true },
    trademark: { enabled: true },
    privacyPolicy: {},
    socialPreview: {},
    socialAccounts: [] as never[],
    insights: { trackingCookie: true },
  };
}
