import { Router } from 'express';
import { route } from '@dp/http';
import type { SitesContext } from '../context';
import { removeCustomHostname } from '../commands/remove-custom-hostname';
import { revalidateCustomHostname } from '../commands/revalidate-custom-hostname';
import { dnsLookup } from '../clients/dns';
import { presentCustomHostname } from '../presenters/custom-hostname';
import { siteOfHostname } from '../queries/custom-hostname';
import { hostnameParams } from '../schemas/custom-hostnames';

const HOSTNAME = '/v1/custom-hostnames/:hostname';

/** The official custom-hostname operations a self-hosted platform can answer (docs/adr/0091). */
export function customHostnamesRouter(ctx: SitesContext): Router {
  const router = Router();
  const lookup = dnsLookup(ctx.config.CUSTOM_HOSTNAME_DNS_SERVERS, ctx.config.CUSTOM_HOSTNAME_DNS_TIMEOUT_MS);

  router.get(HOSTNAME, ...route({ params: hostnameParams }).handle(async (req, res) => {
    res.json(presentCustomHostname(await siteOfHostname(ctx.db, req.caller, req.params.hostname), ctx.links));
  }));

  // Official dnsRevalidateCustomHostname: 204 once checked (docs/adr/0092); GET shows the status.
  router.patch(HOSTNAME, ...route({ params: hostnameParams }).handle(async (req, res) => {
    await revalidateCustomHostname(ctx, lookup, req.caller, req.params.hostname);
    res.status(204).end();
  }));

  // Official: 205 when the hostname was removed from its site, 204 when no site had it.
  router.delete(HOSTNAME, ...route({ params: hostnameParams }).handle(async (req, res) => {
    res.status((await removeCustomHostname(ctx, req.caller, req.params.hostname)) ? 205 : 204).end();
  }));

  return router;
}
