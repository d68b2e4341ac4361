/**
 * Where an integration's calls go (docs/adr/0043): its script in the sandbox, or, in development mode, the
 * developer's tunnel, for calls about the integration's own organization, or every organization's when the
 * developer asked for `all`. Pure, unit-tested.
 */
export type DeliveryTarget = { kind: 'script' } | { kind: 'tunnel'; url: string };

export function deliveryTarget(integration: { organizationId: string; devTunnelUrl: string | null; devAll: boolean }, organizationId: string | undefined): DeliveryTarget {
  if (integration.devTunnelUrl && (integration.devAll || organizationId === integration.organizationId)) return { kind: 'tunnel', url: integration.devTunnelUrl };
  return { kind: 'script' };
}
