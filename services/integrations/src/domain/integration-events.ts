/**
 * The integration events this context records for an installation, in the official payload shapes (the
 * `Event` union of the GitBook spec). Pure.
 *
 * Delivery to the integration's endpoint does not exist yet (it comes with the runtime, in a later issue):
 * every event is recorded `pending` and stays so until a delivery attempt sets `success` or `failed`.
 */
export const DELIVERY_PENDING = 'pending';

/**
 * The delivery status as the official IntegrationEvent lists it (`success` or `failed`). Until delivery exists,
 * a recorded `pending` event reads `success`: nothing failed, so a client has nothing to retry or report.
 */
export function officialDeliveryStatus(status: string): 'success' | 'failed' {
  return status === 'failed' ? 'failed' : 'success';
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
