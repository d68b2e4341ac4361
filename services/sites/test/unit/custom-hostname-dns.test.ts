import { dnsStatusOf, RECHECK_AFTER_MS, revalidationRefusal } from '../../src/domain/custom-hostname-dns';

describe('dnsStatusOf', () => {
  const target = 'proxy.docs.example.com';
  test('a CNAME of the target passes, whatever its case or final dot', () => {
    expect(dnsStatusOf({ cnames: ['Proxy.Docs.Example.com.'], addresses: [], targetAddresses: [] }, target)).toBe('dns_passed');
  });
  test('a CNAME elsewhere is the wrong one, even with the target s addresses', () => {
    expect(dnsStatusOf({ cnames: ['other.example.net'], addresses: ['203.0.113.7'], targetAddresses: ['203.0.113.7'] }, target)).toBe('dns_wrong_cname');
  });
  test('without a CNAME, the addresses must all be the target s', () => {
    expect(dnsStatusOf({ cnames: [], addresses: ['203.0.113.7'], targetAddresses: ['203.0.113.7', '2001:db8::7'] }, target)).toBe('dns_passed');
    expect(dnsStatusOf({ cnames: [], addresses: ['203.0.113.7', '198.51.100.1'], targetAddresses: ['203.0.113.7'] }, target)).toBe('dns_no_cname');
    expect(dnsStatusOf({ cnames: [], addresses: [], targetAddresses: [] }, target)).toBe('dns_no_cname');
  });
});

describe('revalidationRefusal', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  test('an unpublished site s hostname is inactive', () => {
    expect(revalidationRefusal({ published: false, hostname_checked_at: null }, now)).toBe('inactive');
  });
  test('a check within the last RECHECK_AFTER_MS is too soon; one before it is not', () => {
    expect(revalidationRefusal({ published: true, hostname_checked_at: new Date(now.getTime() - RECHECK_AFTER_MS + 1) }, now)).toBe('too-soon');
    expect(revalidationRefusal({ published: true, hostname_checked_at: new Date(now.getTime() - RECHECK_AFTER_MS) }, now)).toBeUndefined();
    expect(revalidationRefusal({ published: true, hostname_checked_at: null }, now)).toBeUndefined();
  });
});
