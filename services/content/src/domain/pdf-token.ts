import { createHash, randomBytes } from 'node:crypto';

/**
 * A PDF export's URL token (docs/adr/0044): 256 random bits, base64url; only its sha256 is stored, so a read
 * of the table gives no working URL.
 */
export const newPdfToken = () => randomBytes(32).toString('base64url');

export const pdfTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
