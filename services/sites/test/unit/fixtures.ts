import { defaultCustomization } from '../../src/domain/customization-defaults';
import { brandingOf, type Branding } from '../../src/publisher/branding';
import type { PageView } from '../../src/publisher/page-html';

/** What a site that never customized anything is drawn with. */
export const plainBranding = (title: string): Branding => brandingOf(defaultCustomization(title), title);

/** A page of the site `Docs` at `/o/s`, with `over` laid over it. */
export const pageView = (over: Partial<PageView> = {}): PageView => ({
  branding: plainBranding('Docs'),
  homeHref: '/o/s',
  title: 'Install',
  bodyHtml: '<p>Hi</p>',
  showTitle: true,
  tabs: [],
  variants: [],
  nav: [],
  markdownHref: '/o/s/install.md',
  breadcrumbs: [],
  searchHref: '/o/s/.search',
  ...over,
});
