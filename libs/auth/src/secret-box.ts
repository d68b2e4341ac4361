import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (an integration's `secrets` and signing secret, a Git Sync repository's credentials):
 * AES-256-GCM under a service's key (`INTEGRATIONS_SECRETS_KEY`, `CONTENT_SECRETS_KEY`), stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). A value sealed under another key, or altered, does not open.
 */
const VERSION = 'v1';

/** The key from its configured text: 32 bytes, as base64 (44 characters) or hex (64). */
export function parseSecretsKey(text: string, variable: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error(`${variable} must be 32 bytes, as base64 or hex (e.g. \`openssl rand -base64 32\`)`);
  return key;
}

export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export function open(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** A new random secret (256 bits, hex): an integration's signing secret, made at its first publish. */
export const newSigningSecret = () => randomBytes(32).toString('hex');

/** An integration's `secrets` sealed as JSON (undefined: none given). */
export const sealSecrets = (key: Buffer, secrets: Record<string, string> | undefined): string | undefined => (secrets === undefined ? undefined : seal(key, JSON.stringify(secrets)));

export function openSecrets(key: Buffer, sealed: string | null): Record<string, string> {
  if (sealed === null) return {};
  const value: unknown = JSON.parse(open(key, sealed));
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('sealed secrets are not a map');
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
