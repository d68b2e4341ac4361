import { fetchableUrlProblem } from '@dp/outbound';

/**
 * Rules of an OpenAPI spec's source URL beyond its JSON Schema (http(s), at most 2048 characters): one the
 * outbound client may be asked to fetch. `sourceURL` is shown to every member who may view the spec, so it
 * carries no credentials. Pure, unit-tested. Returns why `url` cannot be a source, or undefined when it can.
 */
export const sourceUrlProblem = (url: string): string | undefined => fetchableUrlProblem(url);

/** The columns of a spec that hold its source: exactly one of them is set. */
export function sourceColumns(source: { url: string } | { text: string }): { source_url: string | null; source_text: string | null } {
  return 'url' in source ? { source_url: source.url, source_text: null } : { source_url: null, source_text: source.text };
}

/** Whether two readings of a spec have the same source (a run's result is only recorded for the source it fetched). */
export function sameSource(a: { source_url: string | null; source_text: string | null }, b: { source_url: string | null; source_text: string | null }): boolean {
  return a.source_url === b.source_url && a.source_text === b.source_text;
}
