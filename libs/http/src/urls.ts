/** Builds the absolute URLs presenters put in `urls`: the API's public base, the web app's and the published sites'. */
export interface Links {
  api(path: string): string;
  /** Under the gateway's public base but outside `/v1`: what it serves without a token (a public OpenAPI spec). */
  gateway(path: string): string;
  app(path: string): string;
  /** Under the sites publisher's public base (SITES_PUBLIC_URL), where published sites are read (docs/adr/0040). */
  sites(path: string): string;
}

export function createLinks(config: { PUBLIC_URL: string; APP_URL: string; SITES_PUBLIC_URL: string }): Links {
  const api = config.PUBLIC_URL.replace(/\/+$/, '');
  const app = config.APP_URL.replace(/\/+$/, '');
  const sites = config.SITES_PUBLIC_URL.replace(/\/+$/, '');
  return {
    api: (path) => `${api}/v1${path}`,
    gateway: (path) => `${api}${path}`,
    app: (path) => `${app}${path}`,
    sites: (path) => `${sites}${path}`,
  };
}

export const iso = (d: Date | string | null | undefined): string | undefined => (d ? new Date(d).toISOString() : undefined);
