import type { JsonObject } from '../domain/customization';

/**
 * The official SiteCustomizationSettings (of a site, or of a site space with its overrides): the effective
 * settings, and when they were last written (absent: never). Nothing else: the official schema allows no more.
 */
export function presentCustomization(settings: JsonObject, updatedAt: Date | undefined) {
  return { ...settings, ...(updatedAt ? { updatedAt: updatedAt.toISOString() } : {}) };
}
