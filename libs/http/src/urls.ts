/** Builds the absolute URLs presenters put in `urls`: the API's public base and the web app's. */
export interface Links {
  api(path: string): string;
  app(path: string): string;
}

export function createLinks(config: { PUBLIC_URL: string; APP_URL: string }): Links {
  const api = config.PUBLIC_URL.replace(/\/+$/, '');
  const app = config.APP_URL.replace(/\/+$/, '');
  return {
    api: (path) => `${api}/v1${path}`,
    app: (path) => `${app}${path}`,
  };
}

export const iso = (d: Date | string | null | undefined): string | undefined => (d ? new Date(d).toISOString() : undefined);
