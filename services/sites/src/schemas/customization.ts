export { siteParams } from './sites';
export { siteSpaceParams } from './site-spaces';

/**
 * The settings bodies: an object here, checked against the official schema by the command (its
 * `SiteCustomizationSettingsInput`, or the override operation's inline body), after authorization.
 */
export const customizationBody = { type: 'object' } as const;

/** `unmasked` (deprecated officially): accepted; nothing here is masked. */
export const customizationQuery = {
  type: 'object',
  properties: { unmasked: { type: 'boolean' } },
} as const;
