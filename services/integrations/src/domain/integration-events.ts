/**
 * The integration events this context records for an installation, in the official payload shapes (the
 * `Event` union of the GitBook spec), and how their delivery reads. Pure.
 */

/**
 * The delivery status as the official IntegrationEvent lists it, `success` or `failed` (docs/adr/0043):
 * `success` once it was delivered; an event not delivered (yet) reads `failed`, whether it waits for its
 * first or its next attempt or has no attempt left. Its trace says which.
 */
export function officialDeliveryStatus(status: 'pending' | 'success' | 'failed'): 'success' | 'failed' {
  return status === 'success' ? 'success' : 'failed';
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** The kind the official spec names for an installation set up (or updated) at the account level. */
export function installationSetupPayload(eventId: string, installationId: string, status: string) {
  return { eventId, type: 'installation_setup' as const, installationId, status };
}

/**
 * A site of the installation's organization was published. The official `Event` union has no kind for a
 * published site (it has `site_view`, `site_installation_setup`, ...), so the kind is `site_published`;
 * the payload carries the official `SiteEvent` fields (eventId, type, installationId, siteId).
 */
export const SITE_PUBLISHED = 'site_published';

export function sitePublishedPayload(eventId: string, installationId: string, siteId: string) {
  return { eventId, type: SITE_PUBLISHED, installationId, siteId };
}

/** An installation's configuration changed: `installation_setup` with what it was before (official `previous`). */
export function installationUpdatedPayload(eventId: string, installationId: string, status: string, previous: { status: string; configuration: Record<string, unknown> }) {
  return { eventId, type: 'installation_setup' as const, installationId, status, previous };
}

/** An installation was bound to a space or a site, or its binding changed: the official `*_installation_setup`. */
export function targetInstallationSetupPayload(
  kind: 'space' | 'site',
  eventId: string,
  installationId: string,
  targetId: string,
  status: string,
  previous?: { status: string; configuration: Record<string, unknown> },
) {
  const changed = previous ? { previous } : {};
  return kind === 'space'
    ? { eventId, type: 'space_installation_setup' as const, installationId, spaceId: targetId, status, ...changed }
    : { eventId, type: 'site_installation_setup' as const, installationId, siteId: targetId, status, ...changed };
}

/** A binding to a space or a site ended (unbound, or the space or site is gone): the official `*_installation_deleted`. */
export function targetInstallationDeletedPayload(kind: 'space' | 'site', eventId: string, installationId: string, targetId: string, previousConfiguration: Record<string, unknown>) {
  const previous = { configuration: previousConfiguration };
  return kind === 'space'
    ? { eventId, type: 'space_installation_deleted' as const, installationId, spaceId: targetId, previous }
    : { eventId, type: 'site_installation_deleted' as const, installationId, siteId: targetId, previous };
}
