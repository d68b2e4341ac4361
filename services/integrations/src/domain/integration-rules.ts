import { can, type Role } from '@dp/auth';
import { fetchableUrlProblem } from '@dp/outbound';

/**
 * Who may see, publish over, install and administrate an integration. Pure: no express, no knex.
 *
 * - `public`: listed to and readable by everyone; installable on any organization.
 * - `unlisted`: readable and installable by anyone who knows its name, listed only to its owner's members.
 * - `private`: readable, listed and installable only within its owning organization.
 */
export type Visibility = 'public' | 'private' | 'unlisted';
export type Target = 'all' | 'site' | 'space' | 'organization';

export interface IntegrationAccess {
  organizationId: string;
  visibility: Visibility | string;
}

export type Memberships = Record<string, Role>;

export function canSee(integration: IntegrationAccess, memberships: Memberships): boolean {
  return integration.visibility !== 'private' || !!memberships[integration.organizationId];
}

/** Only admins of the owning organization administrate an integration: republish, unpublish, read its events. */
export function isOwnerAdmin(integration: IntegrationAccess, memberships: Memberships): boolean {
  return can(memberships[integration.organizationId], 'admin');
}

/** A private integration can only be installed in the organization that owns it. */
export function mayInstallOn(integration: IntegrationAccess, organizationId: string): boolean {
  return integration.visibility !== 'private' || integration.organizationId === organizationId;
}

/** `permissions.install`: the caller administrates at least one organization the integration may be installed on. */
export function canInstallSomewhere(integration: IntegrationAccess, memberships: Memberships): boolean {
  return Object.entries(memberships).some(([orgId, role]) => can(role, 'admin') && mayInstallOn(integration, orgId));
}

/** The `permissions` object of an Integration, from the same rules that authorize the requests. */
export function integrationPermissions(integration: IntegrationAccess, memberships: Memberships) {
  return { admin: isOwnerAdmin(integration, memberships), install: canInstallSomewhere(integration, memberships) };
}

/**
 * Installations (and their space and site bindings) a caller may see: those on the organizations they
 * belong to, whoever owns the integration. An installation is its organization's business: the integration's
 * owner learns of it through the integration's events, not by listing other organizations (docs/adr/0043).
 */
export function visibleInstallationOrganizations(memberships: Memberships): string[] {
  return Object.keys(memberships);
}

/**
 * Publishing a name: the first publish creates it; the owning organization republishes it (version + 1);
 * a name held by another organization is taken (names are global and ownership never moves).
 */
export type PublishOutcome = 'create' | 'update' | 'taken';

export function publishOutcome(existing: { organizationId: string } | undefined, organizationId: string): PublishOutcome {
  if (!existing) return 'create';
  return existing.organizationId === organizationId ? 'update' : 'taken';
}

export function nextVersion(existing: { version: number } | undefined): number {
  return existing ? existing.version + 1 : 1;
}

/**
 * Secrets are write-only: a publish that sends `secrets` replaces them all, one that omits them keeps the
 * stored ones (a client never gets them back, so it cannot be expected to resend them). Works on the sealed
 * form (docs/adr/0043): `given` is the new secrets sealed, undefined when none were sent.
 */
export function secretsAfterPublish(stored: string | null | undefined, given: string | undefined): string | null {
  return given ?? stored ?? null;
}

/**
 * The domains a block unfurls (the `blockDomain` list filter): the host of each `urlUnfurl` pattern,
 * lower-cased, `www.` dropped. Patterns that are not URLs are skipped.
 */
export function blockDomains(blocks: Array<{ urlUnfurl?: string[] }>): string[] {
  const out = new Set<string>();
  for (const block of blocks) {
    for (const pattern of block.urlUnfurl ?? []) {
      const host = hostOf(pattern);
      if (host) out.add(host);
    }
  }
  return [...out];
}

function hostOf(pattern: string): string | undefined {
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(pattern) ? pattern : `https://${pattern}`;
  try {
    const host = new URL(candidate.replace(/\*/g, 'x')).hostname.toLowerCase();
    if (!host.includes('.')) return undefined;
    return host.replace(/^www\./, '');
  } catch {
    return undefined;
  }
}

export function normalizeDomain(domain: string): string {
  return domain.toLowerCase().replace(/^www\./, '');
}

/**
 * The `target` list filter: integrations installable on that target. `all` integrations install on every
 * target, so they match any filter; `target=all` matches only those.
 */
export function targetsMatching(target: Target): Target[] {
  return target === 'all' ? ['all'] : [target, 'all'];
}

/**
 * What a publish leaves unset gets these (the interface: default runtime, all targets). `v2` is what GitBook's
 * CLI sends; both run the same way here: a module whose fetch handler takes each event (docs/adr/0043).
 */
export const DEFAULT_RUNTIME = 'v1';
export const DEFAULT_TARGET: Target = 'all';
/** Not shown by the interface nor the official spec: a new integration is private until its owner opens it. */
export const DEFAULT_VISIBILITY: Visibility = 'private';

/**
 * The publishing `organization` is an id or a subdomain (hostname). Identity's hostnames are lower-case
 * labels; anything else can only be an id.
 */
export function couldBeSubdomain(value: string): boolean {
  return /^[a-z0-9]([a-z0-9-]{0,30}[a-z0-9])?$/.test(value);
}

/** Why `url` cannot be a development tunnel (one the outbound client may fetch), or undefined. */
export const tunnelUrlProblem = (url: string): string | undefined => fetchableUrlProblem(url);
