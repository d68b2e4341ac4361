import type { Response } from 'express';
import { EMBED_FRAME_ORIGINS } from '@dp/markdown-html';
import type { AudienceRefusal } from './audience';
import type { Branding } from './branding';
import { notFoundHtml } from './page-html';
import { PAGE_SCRIPT_CSP } from './page-script';

/**
 * Nothing from content may run: no script but the page's own (by its hash, docs/adr/0085), images and styles from
 * the page itself or https, frames only of the embed players the renderer allows (docs/adr/0082).
 */
export const PAGE_CSP = `default-src 'none'; script-src ${PAGE_SCRIPT_CSP}; connect-src 'self'; img-src 'self' https: data:; font-src https:; style-src 'unsafe-inline'; frame-src ${EMBED_FRAME_ORIGINS.join(' ')}; base-uri 'none'; form-action 'self'; frame-ancestors 'self'`;
/** A file is data, even an SVG or an HTML file: sandboxed, never a document of the site's origin. */
export const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";
/** A page's markdown is text: nothing loads, and a browser that renders it anyway gets a sandboxed document. */
export const MARKDOWN_CSP = "default-src 'none'; sandbox";

export function notFound(res: Response, site?: { branding: Branding; homeHref: string }) {
  res.status(404).setHeader('x-robots-tag', 'noindex');
  res.setHeader('cache-control', 'no-cache');
  res.setHeader('content-security-policy', PAGE_CSP);
  return res.type('html').send(notFoundHtml(site));
}

/** An audience's refusal; a 404 without a body is the bare 404 page: nothing tells the site is there. */
export function refuse(res: Response, refusal: AudienceRefusal) {
  res.setHeader('x-robots-tag', 'noindex');
  res.setHeader('cache-control', 'private, no-store');
  for (const [name, value] of Object.entries(refusal.headers ?? {})) res.setHeader(name, value);
  if (refusal.body !== undefined) return res.status(refusal.status).send(refusal.body);
  if (refusal.status === 404) return notFound(res);
  return res.status(refusal.status).end();
}

