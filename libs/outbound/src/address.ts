import { isIP } from 'node:net';

/**
 * Address rules of the outbound client: which resolved addresses are refused unless the allow-list names
 * them. Pure functions, no I/O.
 */

interface Cidr4 {
  base: number;
  bits: number;
}

const BLOCKED_V4: Cidr4[] = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10', // carrier-grade NAT (shared address space)
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, includes the 169.254.169.254 metadata address
  '172.16.0.0/12',
  '192.0.0.0/24', // IETF protocol assignments (includes 192.0.0.192 Oracle metadata)
  '192.168.0.0/16',
  '198.18.0.0/15', // benchmarking
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved and broadcast
].map((c) => parseCidr4(c) as Cidr4);

/** Cloud metadata addresses outside the ranges above (Alibaba Cloud). */
const METADATA_V4 = new Set(['100.100.100.200']);

function ipv4ToInt(ip: string): number | undefined {
  if (isIP(ip) !== 4) return undefined;
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

/** `a.b.c.d/n` (or a bare IPv4 address, /32) → base and prefix length; undefined when not an IPv4 CIDR. */
export function parseCidr4(text: string): Cidr4 | undefined {
  const [ip, bitsText, ...rest] = text.trim().split('/');
  if (rest.length) return undefined;
  const value = ipv4ToInt(ip);
  if (value === undefined) return undefined;
  const bits = bitsText === undefined ? 32 : Number(bitsText);
  if (!Number.isInteger(bits) || bits < 0 || bits > 32 || (bitsText !== undefined && !/^\d+$/.test(bitsText))) return undefined;
  return { base: maskOf(value, bits), bits };
}

function maskOf(value: number, bits: number): number {
  if (bits === 0) return 0;
  const size = 2 ** (32 - bits);
  return Math.floor(value / size) * size;
}

export function inCidr4(ip: string, cidr: Cidr4): boolean {
  const value = ipv4ToInt(ip);
  return value !== undefined && maskOf(value, cidr.bits) === cidr.base;
}

/** Expands an IPv6 address to its 8 16-bit groups (an embedded IPv4 tail is converted). */
function ipv6Groups(ip: string): number[] | undefined {
  if (isIP(ip) !== 6) return undefined;
  let text = ip.split('%')[0].toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = ipv4ToInt(v4[1]);
    if (n === undefined) return undefined;
    text = text.slice(0, -v4[1].length) + `${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = text.includes('::') ? 8 - h.length - t.length : 0;
  const groups = [...h, ...Array(fill).fill('0'), ...t].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/** The IPv4 address carried by an IPv4-mapped (::ffff:a.b.c.d) or IPv4-compatible IPv6 address. */
function embeddedV4(groups: number[]): string | undefined {
  const zeros5 = groups.slice(0, 5).every((g) => g === 0);
  if (!zeros5 || (groups[5] !== 0xffff && groups[5] !== 0)) return undefined;
  if (groups[5] === 0 && groups[6] === 0) return undefined; // :: and ::1 are handled as IPv6
  return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
}

/**
 * Why an address must not be reached (loopback, private, link-local, unspecified, metadata…), or undefined
 * when it is a public address. Anything that is not a valid IP address is refused too.
 */
export function blockedReason(ip: string): string | undefined {
  const family = isIP(ip.split('%')[0]);
  if (family === 4) {
    if (METADATA_V4.has(ip)) return 'a cloud metadata address';
    const hit = BLOCKED_V4.find((c) => inCidr4(ip, c));
    return hit ? 'a loopback, private, link-local or reserved address' : undefined;
  }
  if (family === 6) {
    const g = ipv6Groups(ip);
    if (!g) return 'not a valid address';
    const v4 = embeddedV4(g);
    if (v4) return blockedReason(v4);
    if (g.every((x) => x === 0)) return 'the unspecified address';
    if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return 'a loopback address';
    if ((g[0] & 0xfe00) === 0xfc00) return 'a unique local (private) address'; // fc00::/7, includes fd00:ec2::254 metadata
    if ((g[0] & 0xffc0) === 0xfe80) return 'a link-local address'; // fe80::/10
    if ((g[0] & 0xff00) === 0xff00) return 'a multicast address';
    if (g[0] === 0x64 && g[1] === 0xff9b) {
      // NAT64 (64:ff9b::/96): judge the IPv4 address it carries
      return blockedReason([g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff].join('.'));
    }
    return undefined;
  }
  return 'not a valid address';
}

export interface AllowList {
  hosts: Set<string>;
  cidrs: Cidr4[];
}

/** Parses `OUTBOUND_ALLOW` entries: IPv4 addresses or CIDRs, or host names (compared case-insensitively). */
export function parseAllowList(entries: readonly string[] | string | undefined): AllowList {
  const list = typeof entries === 'string' ? entries.split(',') : (entries ?? []);
  const out: AllowList = { hosts: new Set(), cidrs: [] };
  for (const raw of list) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const cidr = parseCidr4(entry);
    if (cidr) out.cidrs.push(cidr);
    else out.hosts.add(entry.replace(/^\[|\]$/g, ''));
  }
  return out;
}

/** Whether the allow-list lets this host name (as written in the URL) or this resolved address through. */
export function isAllowed(allow: AllowList, host: string, ip?: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (allow.hosts.has(h)) return true;
  if (ip !== undefined && (allow.hosts.has(ip.toLowerCase()) || allow.cidrs.some((c) => inCidr4(ip, c)))) return true;
  return false;
}

/** The refusal for `ip` reached through `host`, or undefined when it may be connected to. */
export function checkAddress(allow: AllowList, host: string, ip: string): string | undefined {
  if (isAllowed(allow, host, ip)) return undefined;
  const reason = blockedReason(ip);
  return reason ? `${host} resolves to ${ip}, ${reason}` : undefined;
}

/**
 * The refusal for `port` of a non-public address when it is one of `refused` (the platform's own ports, a
 * sandbox's sockets): those stay closed whatever the allow-list opens. Public addresses are not judged here.
 */
export function portRefusal(ip: string, port: number, refused: ReadonlySet<number> | undefined): string | undefined {
  if (!refused?.has(port) || blockedReason(ip) === undefined) return undefined;
  return `port ${port} of ${ip} belongs to the platform itself and is refused whatever OUTBOUND_ALLOW says`;
}

/**
 * Why `text` cannot be a URL stored now and fetched later by the outbound client (an absolute http(s) URL
 * naming a host, without credentials: a URL shown to other users must not carry a secret), or undefined.
 * Where it resolves to is checked at fetch time, not here. Pure.
 */
export function fetchableUrlProblem(text: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return 'is not a valid URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'must be an http or https URL';
  if (!parsed.hostname) return 'must name a host';
  if (parsed.username || parsed.password) return 'must not carry credentials (user:password@)';
  return undefined;
}
