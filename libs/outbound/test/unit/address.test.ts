import { blockedReason, checkAddress, parseAllowList, parseCidr4, portRefusal } from '../../src';

test.each([
  '127.0.0.1',
  '127.255.0.3',
  '10.1.2.3',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.169.254',
  '169.254.0.1',
  '0.0.0.0',
  '0.1.2.3',
  '100.100.100.200',
  '::1',
  '::',
  'fc00::1',
  'fd00:ec2::254',
  'fe80::1',
  'febf::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:169.254.169.254',
  '64:ff9b::a00:1',
  'not-an-ip',
])('When the address is %p, Then it is blocked', (ip) => {
  expect(blockedReason(ip)).toBeDefined();
});

test.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '172.15.255.255', '192.169.0.1', '11.0.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8', 'fec0::1'])(
  'When the address is %p, Then it is public and allowed',
  (ip) => {
    expect(blockedReason(ip)).toBeUndefined();
  },
);

test('When an allow-list names a host or a CIDR, Then those addresses pass and others stay blocked', () => {
  const allow = parseAllowList('127.0.0.1, 10.0.0.0/8 ,internal.example,');
  expect(checkAddress(allow, 'localhost', '127.0.0.1')).toBeUndefined();
  expect(checkAddress(allow, 'x', '127.0.0.2')).toMatch(/127\.0\.0\.2/);
  expect(checkAddress(allow, 'x', '10.200.3.4')).toBeUndefined();
  expect(checkAddress(allow, 'Internal.Example', '192.168.0.9')).toBeUndefined();
  expect(checkAddress(allow, 'other.example', '192.168.0.9')).toBeDefined();
  expect(checkAddress(parseAllowList(''), 'x', '127.0.0.1')).toBeDefined();
  expect(checkAddress(parseAllowList([]), 'x', '8.8.8.8')).toBeUndefined();
});

test('When CIDRs are parsed, Then malformed ones are not CIDRs', () => {
  expect(parseCidr4('10.0.0.0/8')).toEqual({ base: 10 * 2 ** 24, bits: 8 });
  expect(parseCidr4('10.1.2.3/8')).toEqual({ base: 10 * 2 ** 24, bits: 8 });
  expect(parseCidr4('1.2.3.4')).toMatchObject({ bits: 32 });
  expect(parseCidr4('0.0.0.0/0')).toEqual({ base: 0, bits: 0 });
  for (const bad of ['10.0.0.0/33', '10.0.0/8', 'host/8', '10.0.0.0/8/1', '10.0.0.0/x']) expect(parseCidr4(bad)).toBeUndefined();
});

describe('ports refused whatever the allow-list says (docs/adr/0057)', () => {
  const refused = new Set([5432, 8080]);
  test('When a non-public address is asked on a refused port, Then it is refused; other ports and public addresses are not judged', () => {
    expect(portRefusal('127.0.0.1', 5432, refused)).toBe('port 5432 of 127.0.0.1 belongs to the platform itself and is refused whatever OUTBOUND_ALLOW says');
    expect(portRefusal('10.0.0.7', 8080, refused)).toMatch(/^port 8080 of 10\.0\.0\.7/);
    expect(portRefusal('::1', 8080, refused)).toMatch(/^port 8080 of ::1/);
    expect(portRefusal('127.0.0.1', 5433, refused)).toBeUndefined();
    expect(portRefusal('8.8.8.8', 8080, refused)).toBeUndefined();
    expect(portRefusal('127.0.0.1', 8080, undefined)).toBeUndefined();
  });
});
