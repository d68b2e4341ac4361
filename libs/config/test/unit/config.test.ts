import { ConfigError, defineConfig, loadConfig } from '../../src';

const spec = defineConfig({
  PORT: { kind: 'int', doc: 'port', default: '8080' },
  URL: { kind: 'url', doc: 'url', required: true },
  FLAG: { kind: 'bool', doc: 'flag', default: 'false' },
  HOSTS: { kind: 'list', doc: 'hosts', default: '' },
});

test('When env is valid, Then values are typed and defaults apply', () => {
  const c = loadConfig(spec, { URL: 'http://x', FLAG: 'yes', HOSTS: 'a, b' });
  expect(c).toEqual({ PORT: 8080, URL: 'http://x', FLAG: true, HOSTS: ['a', 'b'] });
  expect(Object.isFrozen(c)).toBe(true);
});

test('When values are wrong or missing, Then it refuses to start and lists every problem', () => {
  try {
    loadConfig(spec, { PORT: 'eighty', FLAG: 'maybe' });
    throw new Error('should have thrown');
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems).toEqual([
      'PORT must be an integer, got "eighty"',
      'URL is required: url',
      'FLAG must be true or false, got "maybe"',
    ]);
  }
});
