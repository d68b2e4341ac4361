import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { DnsAnswer } from '../domain/custom-hostname-dns';

/** Looks a custom hostname up (docs/adr/0092); rejects when the resolver fails or takes longer than allowed. */
export type DnsLookup = (hostname: string, target: string) => Promise<DnsAnswer>;

/** Codes that mean "no such record", as opposed to a resolver that could not answer. */
const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND']);

const orNone = (lookup: Promise<string[]>): Promise<string[]> =>
  lookup.catch((err: NodeJS.ErrnoException) => {
    if (err.code && NO_RECORD.has(err.code)) return [];
    throw err;
  });

/**
 * The operator's resolvers (`servers`, else the system's), one try each, and the whole check bounded by
 * `timeoutMs`: the names are the tenant's, so a zone that never answers costs at most that long.
 */
export function dnsLookup(servers: string[], timeoutMs: number): DnsLookup {
  return async (hostname, target) => {
    const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
    if (servers.length > 0) resolver.setServers(servers);
    const addressesOf = async (name: string) => (isIP(name) ? [name] : [...(await orNone(resolver.resolve4(name))), ...(await orNone(resolver.resolve6(name)))]);
    const check = async (): Promise<DnsAnswer> => {
      const cnames = await orNone(resolver.resolveCname(hostname));
      return { cnames, addresses: cnames.length > 0 ? [] : await addressesOf(hostname), targetAddresses: cnames.length > 0 ? [] : await addressesOf(target) };
    };
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        resolver.cancel();
        reject(new Error(`DNS lookup of ${hostname} took longer than ${timeoutMs} ms`));
      }, timeoutMs);
    });
    try {
      return await Promise.race([check(), expired]);
    } finally {
      clearTimeout(timer);
    }
  };
}
