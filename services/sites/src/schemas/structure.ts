import { idParam } from '@dp/http';
import { PATH_PATTERN } from '../domain/site-structure-rules';

/** Fragments the section, group and site-space schemas share (official shapes). */

/** Official SiteSectionPath / SiteSpacePath (1 to 100 characters), kept to one URL segment (docs/adr/0038). */
export const pathSchema = { type: 'string', minLength: 1, maxLength: 100, pattern: PATH_PATTERN } as const;
/** Official Expression: at most 1024 characters; null removes the condition, omitted leaves it. */
export const conditionSchema = { oneOf: [{ type: 'string', maxLength: 1024 }, { type: 'null' }] } as const;
/** Official Icon (a name, e.g. `gear`); null removes it. */
export const iconSchema = { oneOf: [{ type: 'string', minLength: 1, maxLength: 50 }, { type: 'null' }] } as const;

/** A `position` of a move: `before` and/or `after` a sibling; neither: last. */
export function movePosition<const P extends object>(pointer: P) {
  return {
    type: 'object',
    properties: {
      position: { type: 'object', properties: { before: pointer, after: pointer }, additionalProperties: false },
    },
    additionalProperties: false,
  } as const;
}

/** Official SiteSectionPointer. */
export const sectionPointer = {
  type: 'object',
  properties: { type: { type: 'string', enum: ['site-section'] }, siteSection: idParam },
  required: ['type', 'siteSection'],
  additionalProperties: false,
} as const;

/** Official SiteSectionGroupPointer: a section or a group at the root of the site. */
export const groupPointer = {
  type: 'object',
  properties: { type: { type: 'string', enum: ['site-section', 'site-section-group'] }, id: idParam },
  required: ['type', 'id'],
  additionalProperties: false,
} as const;

/** Official SiteSpacePointer. */
export const siteSpacePointer = {
  type: 'object',
  properties: { type: { type: 'string', enum: ['site-space'] }, siteSpace: idParam },
  required: ['type', 'siteSpace'],
  additionalProperties: false,
} as const;
