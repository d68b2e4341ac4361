/**
 * The pages of a refused reader (docs/adr/0041): a short HTML page per status, saying what to do and nothing
 * about the site (no title, no content). A browser shows its own error page for a 4xx without a body, so
 * there is always one. Pure; no site data goes into the markup.
 */
const PAGES: Record<401 | 403, { title: string; text: string }> = {
  401: { title: 'Sign-in required', text: 'This documentation is for signed-in readers. Open it again from the application that gave you access.' },
  403: { title: 'Link required', text: 'This documentation is shared by link. Open it with the link you were given; a link that was turned off no longer opens it.' },
};

export function refusalPage(status: 401 | 403): { headers: Record<string, string>; body: string } {
  const { title, text } = PAGES[status];
  return {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem"><h1>${title}</h1><p>${text}</p></body></html>`,
  };
}
