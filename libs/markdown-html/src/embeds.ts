import { escapeHtml } from './fallback';

/**
 * `{% embed %}` blocks as sandboxed frames, for an allowlist of providers whose embed player is a page of its
 * own (docs/adr/0082): the URL an author wrote is matched by its provider's pattern and turned into that
 * provider's player URL; any other URL stays a link. The sanitizer lets an iframe through only to these
 * origins and forces its sandbox, and the publisher's CSP allows framing them and nothing else.
 */
interface Provider {
  name: string;
  /** The player's origin: the only one the frame may load (the sanitizer's and the CSP's allowlist). */
  origin: string;
  /** The player URL of a URL the author wrote, or undefined when it is not one of this provider's. */
  player: (url: URL) => string | undefined;
}

const id = (value: string | null | undefined, pattern = /^[A-Za-z0-9_-]{1,64}$/) => (value && pattern.test(value) ? value : undefined);
const on = (url: URL, ...hosts: string[]) => hosts.includes(url.hostname.toLowerCase());
const segments = (url: URL) => url.pathname.split('/').filter(Boolean);

const PROVIDERS: Provider[] = [
  {
    name: 'YouTube',
    origin: 'https://www.youtube-nocookie.com',
    player(url) {
      const [first, second] = segments(url);
      const video = on(url, 'youtu.be') ? id(first) : on(url, 'youtube.com', 'www.youtube.com', 'm.youtube.com') ? id(first === 'watch' ? url.searchParams.get('v') : first === 'embed' || first === 'shorts' ? second : undefined) : undefined;
      return video && `https://www.youtube-nocookie.com/embed/${video}`;
    },
  },
  {
    name: 'Vimeo',
    origin: 'https://player.vimeo.com',
    player(url) {
      const video = on(url, 'vimeo.com', 'www.vimeo.com') ? id(segments(url)[0], /^\d{1,20}$/) : undefined;
      return video && `https://player.vimeo.com/video/${video}`;
    },
  },
  {
    name: 'Loom',
    origin: 'https://www.loom.com',
    player(url) {
      const [first, second] = segments(url);
      const video = on(url, 'loom.com', 'www.loom.com') && first === 'share' ? id(second) : undefined;
      return video && `https://www.loom.com/embed/${video}`;
    },
  },
  {
    name: 'CodeSandbox',
    origin: 'https://codesandbox.io',
    player(url) {
      const parts = segments(url);
      if (!on(url, 'codesandbox.io')) return undefined;
      const sandbox = parts[0] === 's' ? id(parts[1]) : parts[0] === 'p' && parts[1] === 'sandbox' ? id(parts[2]) : undefined;
      return sandbox && `https://codesandbox.io/embed/${sandbox}`;
    },
  },
];

/** The origins a published page may frame (the publisher's CSP `frame-src`). */
export const EMBED_FRAME_ORIGINS = PROVIDERS.map((p) => p.origin);
/** The hostnames an iframe's `src` may have (the sanitizer's `allowedIframeHostnames`). */
export const EMBED_FRAME_HOSTS = EMBED_FRAME_ORIGINS.map((origin) => new URL(origin).hostname);
/** What a frame may do: run its player, in its own origin, open a link in a new tab, go full screen; never navigate the page. */
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-presentation';
export const EMBED_ALLOW = 'fullscreen; picture-in-picture; encrypted-media';

/** The player of an embed's URL: the provider and the URL to frame, or undefined (then it shows as a link). */
export function embedPlayer(written: string): { provider: string; src: string } | undefined {
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  for (const provider of PROVIDERS) {
    const src = provider.player(url);
    if (src) return { provider: provider.name, src };
  }
  return undefined;
}

/** An embed as a sandboxed frame with the link beneath it, or undefined when its URL has no player here. */
export function embedFrameHtml(written: string): string | undefined {
  const player = embedPlayer(written);
  if (!player) return undefined;
  return `<figure class="embed-frame"><iframe src="${escapeHtml(player.src)}" title="${escapeHtml(`${player.provider}: ${written}`)}" sandbox="${EMBED_SANDBOX}" allow="${EMBED_ALLOW}" loading="lazy" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe><figcaption><a href="${escapeHtml(written)}">${escapeHtml(written)}</a></figcaption></figure>\n`;
}
