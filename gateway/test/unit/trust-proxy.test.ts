import { trustProxySetting } from '../../src/trust-proxy';

describe('TRUST_PROXY', () => {
  test.each([
    ['', false],
    ['  ', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['loopback, 192.168.1.7 ,fd00::/8', ['loopback', '192.168.1.7', 'fd00::/8']],
  ])('When TRUST_PROXY is "%s", Then express trusts %p', (raw, setting) => {
    expect(trustProxySetting(raw)).toEqual(setting);
  });
});
