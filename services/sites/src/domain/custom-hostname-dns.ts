/**
 * The DNS check of a custom hostname (docs/adr/0092), as pure rules: what a lookup's answer means as the
 * official `CustomHostnameStatus`, and when a tenant may ask for another check.
 */

/** The official statuses this platform's check can reach (TLS is the operator's reverse proxy's). */
export type HostnameDnsStatus = 'dns_passed' | 'dns_wrong_cname' | 'dns_no_cname' | 'internal_error';

/** What the resolver said of the hostname and of the platform's target host. */
export interface DnsAnswer {
  /** CNAME records of the hostname (empty when it has none). */
  cnames: string[];
  /** A and AAAA records of the hostname (asked only when it has no CNAME, as at a zone's apex). */
  addresses: string[];
  /** A and AAAA records of the target host. */
  targetAddresses: string[];
}

/** A tenant's hostname is looked up at most this often: the check sends queries the tenant names. */
export const RECHECK_AFTER_MS = 10_000;

const canonical = (name: string) => name.toLowerCase().replace(/\.$/, '');

/**
 * Passed when the hostname is a CNAME of the target, or (without a CNAME) when every address it has is one
 * of the target's; a CNAME elsewhere is the wrong one; no record at all is "no CNAME".
 */
export function dnsStatusOf(answer: DnsAnswer, target: string): HostnameDnsStatus {
  if (answer.cnames.length > 0) return answer.cnames.some((name) => canonical(name) === canonical(target)) ? 'dns_passed' : 'dns_wrong_cname';
  const ours = new Set(answer.targetAddresses);
  if (answer.addresses.length > 0 && answer.addresses.every((address) => ours.has(address))) return 'dns_passed';
  return 'dns_no_cname';
}

/** Why a DNS check may not run now, or undefined when it may. */
export function revalidationRefusal(site: { published: boolean; hostname_checked_at: Date | null }, now: Date): 'inactive' | 'too-soon' | undefined {
  if (!site.published) return 'inactive';
  if (site.hostname_checked_at && now.getTime() - site.hostname_checked_at.getTime() < RECHECK_AFTER_MS) return 'too-soon';
  return undefined;
}
