import type { Request, RequestHandler, Response } from 'express';
import { HttpError } from '@dp/http';
import { publicPrefixes } from '../routes';
import { appTarget, type AppTarget } from './targets';

/**
 * `urls.app` pages until there is a web app (docs/adr/0064): what the object is, with its API URL and, when its
 * kind has one derived from the ids, its published URL. Public and built from the path alone: nothing is read,
 * so it shows no one anything but what the URL already said. Everything from the path is HTML-escaped, and
 * the Content-Security-Policy allows no script, style or frame.
 */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function appPageHtml(target: AppTarget, base: string): string {
  const api = `${base}${target.api}`;
  const rows = target.ids.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd><code>${escapeHtml(value)}</code></dd>`).join('');
  const published = target.published
    ? `<p>Published at <a href="${escapeHtml(base + target.published.path)}">${escapeHtml(base + target.published.path)}</a> (${escapeHtml(target.published.note)}).</p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(target.kind)}: Docs Platform</title></head>
<body>
<h1>${escapeHtml(target.kind[0].toUpperCase() + target.kind.slice(1))}</h1>
<dl>${rows}</dl>
<p>This deployment has no web app yet. Read it through the API, with a token that may see it:
<a href="${escapeHtml(api)}">${escapeHtml(api)}</a></p>
${published}<p><a href="${escapeHtml(base)}/docs">API reference</a></p>
</body></html>
`;
}

/** The handler mounted at APP_URL's path on the gateway; `base` is PUBLIC_URL without its trailing slash. */
export function appPages(base: string): RequestHandler {
  return (req: Request, res: Response) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, `${req.method} is not served under the app's URLs`);
    const target = appTarget(req.path);
    if (!target) throw new HttpError(404, `No app page for ${req.originalUrl.split('?')[0]}`);
    res.set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'public, max-age=300',
    });
    res.send(appPageHtml(target, base));
  };
}

/**
 * Where the gateway serves the pages: APP_URL's path when APP_URL lies under PUBLIC_URL (the default,
 * `<PUBLIC_URL>/app`); a deployment whose APP_URL is elsewhere (a real app) gets nothing mounted.
 */
export function appMountPath(publicUrl: string, appUrl: string): string | undefined {
  const base = publicUrl.replace(/\/+$/, '');
  const app = appUrl.replace(/\/+$/, '');
  if (!app.startsWith(`${base}/`)) return undefined;
  const path = app.slice(base.length);
  // Never over what the gateway serves itself.
  const own = ['/v1', '/docs', '/health', ...publicPrefixes];
  return own.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)) ? undefined : path;
}
