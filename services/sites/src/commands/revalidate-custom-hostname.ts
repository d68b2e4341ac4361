import type { Caller } from '@dp/auth';
import { conflict } from '@dp/http';
import type { SitesContext } from '../context';
import type { DnsLookup } from '../clients/dns';
import { claimHostnameCheck, recordHostnameCheck } from '../data/sites';
import { dnsStatusOf, RECHECK_AFTER_MS, revalidationRefusal, type HostnameDnsStatus } from '../domain/custom-hostname-dns';
import { SITE_WRITE } from '../domain/site-rules';
import { siteOfHostname } from '../queries/custom-hostname';

/** The host a custom hostname must point at: the configured target, else the publisher's own host. */
export const hostnameTarget = (config: SitesContext['config']): string => config.CUSTOM_HOSTNAME_TARGET || new URL(config.SITES_PUBLIC_URL).hostname;

const tooSoon = (hostname: string) => conflict(`Custom hostname ${hostname} was checked less than ${RECHECK_AFTER_MS / 1000} seconds ago`);

/**
 * PATCH /custom-hostnames/HOSTNAME (docs/adr/0092): checks the hostname's DNS now and records the official
 * status. The check is claimed first (one per hostname per RECHECK_AFTER_MS, however many ask at once); the
 * lookup runs outside any transaction, and a hostname changed meanwhile keeps its own, unchecked, status.
 */
export async function revalidateCustomHostname(ctx: SitesContext, lookup: DnsLookup, caller: Caller, hostname: string): Promise<HostnameDnsStatus> {
  const site = await siteOfHostname(ctx.db, caller, hostname, SITE_WRITE);
  const name = site.hostname ?? hostname;
  const now = new Date();
  const refusal = revalidationRefusal(site, now);
  // The spec lists a 400 for this but gives it ConflictError's body (code 409): a 409 is the one answer that
  // matches both its body and its meaning (docs/adr/0092).
  if (refusal === 'inactive') throw conflict(`Custom hostname ${name} is inactive: publish its site first`);
  if (refusal === 'too-soon' || !(await claimHostnameCheck(ctx.db, site.id, name, now, new Date(now.getTime() - RECHECK_AFTER_MS)))) throw tooSoon(name);
  const target = hostnameTarget(ctx.config);
  let status: HostnameDnsStatus;
  try {
    status = dnsStatusOf(await lookup(name, target), target);
  } catch (err) {
    ctx.log.warn({ siteId: site.id, hostname: name, err }, 'custom hostname DNS check failed');
    status = 'internal_error';
  }
  await recordHostnameCheck(ctx.db, site.id, name, status, now);
  ctx.log.info({ siteId: site.id, hostname: name, target, status }, 'custom hostname DNS checked');
  return status;
}
