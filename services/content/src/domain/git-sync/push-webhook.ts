import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A git host's push, as its webhook tells it (docs/adr/0107): GitHub's `push` event signed with
 * `X-Hub-Signature-256` (HMAC-SHA256 of the body's bytes under the webhook secret), GitLab's `Push Hook` carrying
 * the secret in `X-Gitlab-Token`. Pure: the caller has the raw body and the headers.
 */
export interface Push {
  /** The repository's URLs the payload names, as repository keys (repositoryKey). */
  repositories: string[];
  ref: string;
  /** The commit the branch is at after the push. */
  after: string;
}

export type WebhookProvider = 'github' | 'gitlab';

/** A repository's URL as `host/path`, lower-cased, without credentials, `.git` or trailing slashes: how a push is matched. */
export function repositoryKey(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname.replace(/\/+$/, '').replace(/\.git$/i, '');
    return `${parsed.host}${path}`.toLowerCase();
  } catch {
    return undefined;
  }
}

const sameSecret = (given: string, secret: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Whether the request comes from a host that knows the secret. */
export function isSignedBy(provider: WebhookProvider, secret: string, headers: Record<string, string | string[] | undefined>, body: Buffer): boolean {
  if (!secret) return false;
  if (provider === 'gitlab') return sameSecret(String(headers['x-gitlab-token'] ?? ''), secret);
  const expected = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  return sameSecret(String(headers['x-hub-signature-256'] ?? ''), expected);
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const field = (value: unknown, key: string): unknown => (value !== null && typeof value === 'object' ? Reflect.get(value, key) : undefined);

/** The push a payload tells of; undefined for any other event (a ping, an issue, a deleted branch). */
export function pushOf(provider: WebhookProvider, event: string | undefined, payload: unknown): Push | undefined {
  if (provider === 'github' ? event !== 'push' : event !== 'Push Hook') return undefined;
  const ref = text(field(payload, 'ref'));
  const after = text(field(payload, 'after'));
  if (!ref || !after || /^0+$/.test(after)) return undefined;
  const repo = field(payload, provider === 'github' ? 'repository' : 'project');
  const urls = provider === 'github' ? ['clone_url', 'html_url', 'git_url', 'ssh_url'] : ['git_http_url', 'web_url', 'http_url'];
  const repositories = [...new Set(urls.map((key) => text(field(repo, key))).flatMap((url) => (url ? [repositoryKey(url)] : [])).filter((key): key is string => key !== undefined))];
  return repositories.length ? { repositories, ref, after } : undefined;
}
