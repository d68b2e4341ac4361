/** Rules of a translation request. Pure, unit-tested. */
import type { Official } from '@dp/contracts';

/** The rich document of a translation's instructions (its shape is checked by the request schema). */
export interface InstructionsDocument {
  object: 'document';
  data: Record<string, unknown>;
  nodes: unknown[];
}

/** A translation created without instructions has none: an empty document. */
export function emptyInstructions(): InstructionsDocument {
  return { object: 'document', data: {}, nodes: [] };
}

/** Translating a space into the language it is already written in makes no sense. */
export function targetLanguageProblem(sourceLanguage: string, targetLanguage: string): string | undefined {
  return sourceLanguage === targetLanguage ? `body.language must differ from body.source.language ("${sourceLanguage}")` : undefined;
}

/** What a translation's rules read of a source space (content's `GET /v1/spaces/{spaceId}`: GitBook's Space). */
export type SourceSpace = Pick<Official.Space, 'organization' | 'deletedAt'>;

/** What the content service answered to GET /v1/spaces/{spaceId} on the caller's behalf. */
export interface SpaceAnswer {
  status: number;
  space?: SourceSpace;
}

export type SourceSpaceVerdict = { ok: true } | { ok: false; status: number; message: string };

/**
 * Whether the content service's answer makes `spaceId` a valid source for a translation in `organizationId`:
 * the space must exist, be readable by the caller, not be deleted and belong to that organization. A space the
 * caller may not read looks like a missing one (they may not learn it exists). Any other answer is content's
 * fault, not the caller's: 502.
 */
export function judgeSourceSpace(answer: SpaceAnswer, organizationId: string, spaceId: string): SourceSpaceVerdict {
  const refuse = (why: string): SourceSpaceVerdict => ({ ok: false, status: 400, message: `body.source.space: space ${spaceId} ${why}` });
  if (answer.status === 404 || answer.status === 403) return refuse('does not exist or you cannot read it');
  if (answer.status !== 200 || !answer.space) return { ok: false, status: 502, message: `The content service answered ${answer.status} when asked for space ${spaceId}` };
  if (answer.space.organization !== organizationId) return refuse('does not belong to this organization');
  if (answer.space.deletedAt) return refuse('is deleted');
  return { ok: true };
}
