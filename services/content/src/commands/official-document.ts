import { officialSchemaError } from '@dp/http';

/** Why a JSON document a page is written with is not an official `JSONDocument` (docs/adr/0072), or undefined. */
export const officialDocumentError = (document: unknown, where: string): string | undefined => officialSchemaError('JSONDocument', document, where);
