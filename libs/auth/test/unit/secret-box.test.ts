import { randomBytes } from 'node:crypto';
import { newSigningSecret, open, openSecrets, parseSecretsKey, seal, sealSecrets } from '../../src/secret-box';

const key = randomBytes(32);

describe('secrets at rest', () => {
  test('When a secret is sealed, Then it opens with the same key only, and the text holds nothing of it', () => {
    const sealed = seal(key, 'hunter2');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('hunter2');
    expect(open(key, sealed)).toBe('hunter2');
    expect(seal(key, 'hunter2')).not.toBe(sealed);
    expect(() => open(randomBytes(32), sealed)).toThrow();
  });

  test('When a sealed value is altered or not sealed at all, Then it does not open', () => {
    const sealed = seal(key, 'hunter2');
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    expect(() => open(key, [v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => open(key, 'plain')).toThrow('not a sealed secret');
  });

  test('When the key is configured, Then 32 bytes as base64 or hex are taken and anything else refused with how to make one', () => {
    expect(parseSecretsKey(key.toString('base64'), 'KEY')).toEqual(key);
    expect(parseSecretsKey(key.toString('hex'), 'KEY')).toEqual(key);
    expect(() => parseSecretsKey('short', 'KEY')).toThrow(/32 bytes.*openssl rand -base64 32/);
  });

  test('When an integration’s secrets are sealed, Then they open as the same map; none given is none', () => {
    expect(openSecrets(key, sealSecrets(key, { A: '1', B: '2' }) ?? null)).toEqual({ A: '1', B: '2' });
    expect(sealSecrets(key, undefined)).toBeUndefined();
    expect(openSecrets(key, null)).toEqual({});
    expect(newSigningSecret()).toMatch(/^[0-9a-f]{64}$/);
  });
});
