import { serviceClient, type ServiceRequest } from '@dp/http';

/** The services one may call on a caller's behalf, each with the config variable that holds its base URL. */
const SERVICE_URLS = { identity: 'IDENTITY_URL', content: 'CONTENT_URL', sites: 'SITES_URL' } as const;
type ServiceName = keyof typeof SERVICE_URLS;

/**
 * One client per service whose URL the app's config declares: a service without `SITES_URL` has no `sites`.
 * Every service's config has IDENTITY_URL (the roles of large callers come from identity), so `identity` always is.
 */
export type ServiceClients<C> = { identity: ServiceRequest } & {
  [S in Exclude<ServiceName, 'identity'> as (typeof SERVICE_URLS)[S] extends keyof C ? S : never]: ServiceRequest;
};

/**
 * The one factory of service-to-service clients, built once per app (in its service context) from its config.
 * Each call takes an `OnBehalfOf` (`onBehalfOf(req)` from @dp/http), so the caller's assertion travels along.
 */
export function serviceClients<C extends { IDENTITY_URL: string }>(config: C): ServiceClients<C> {
  const urls = new Map<string, unknown>(Object.entries(config));
  const clients: Partial<Record<ServiceName, ServiceRequest>> = {};
  for (const [name, variable] of Object.entries(SERVICE_URLS) as Array<[ServiceName, string]>) {
    const url = urls.get(variable);
    if (typeof url === 'string') clients[name] = serviceClient(url, { serviceName: name });
  }
  // The mapped type is exactly the names whose variable the config declares, which the loop just built.
  return clients as ServiceClients<C>;
}
