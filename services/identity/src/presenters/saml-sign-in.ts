import type { Links } from '@dp/http';
import type { UserRow } from '../data/users';
import { presentUser } from './user';

/** The JSON answer of a SAML sign-in (`Accept: application/json`): the user and their new API token. */
export function presentSignIn(user: UserRow, token: string, links: Links) {
  return { user: presentUser(user, links), token };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}code{display:block;padding:.75rem;background:#f3f3f3;word-break:break-all;user-select:all}</style>
</head><body>${body}</body></html>
`;
}

/** The browser's answer: the token, shown this once (the page is never cached). */
export function signInPage(user: UserRow, token: string): string {
  return page(
    'Signed in',
    `<h1>Signed in as ${escapeHtml(user.display_name)}</h1>
<p>${escapeHtml(user.email)}. Your API token, shown only once: copy it now and send it as <em>Authorization: Bearer &lt;token&gt;</em>.</p>
<code>${escapeHtml(token)}</code>`,
  );
}

/** The browser's answer to a refused sign-in: why, and nothing else. */
export function signInRefusedPage(status: number, message: string): string {
  return page('Sign-in refused', `<h1>Sign-in refused</h1>\n<p>${escapeHtml(message)}</p>\n<p>(${status})</p>`);
}
