import { officialSchemaError } from '@dp/http';

/** Why a JSON document a page is written with is not an official `JSONDocument` (docs/adr/0072), or undefined. */
export const officialDocumentError = (document: unknown, where: string): string | undefined => officialSchemaError('JSONDocument', document, where);

/**
 * Whether a block, alone in a document, is official. A hand-written documented form (`{% json block %}`) can nest
 * deeper than the validator recurses: such a block is not one.
 */
export function isOfficialBlock(block: unknown): boolean {
  try {
    return !officialDocumentError({ object: 'document', data: {}, nodes: [block] }, 'block');
  } catch (err) {
    if (err instanceof RangeError) return false;
    throw err;
  }
}
