/**
 * Blocks kept in their JSON form (docs/adr/0072): `{% json block="<base64url>" %}`, their text, `{% endjson %}`.
 * Content writes and reads them; the renderer and the publisher's markdown answers hide those holding a
 * conditional block (docs/adr/0084).
 */
/** Whether a kept block (base64url JSON) is, or holds, an `if` block; undecodable: false (its text is only text). */
export function holdsCondition(encoded: string | undefined): boolean {
  if (!encoded) return false;
  let block: unknown;
  try {
    block = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return false;
  }
  // Deeper than any official document nests counts as holding one: fail closed.
  const visit = (value: unknown, depth: number): boolean => {
    if (depth > 64) return true;
    if (Array.isArray(value)) return value.some((item) => visit(item, depth + 1));
    if (!value || typeof value !== 'object') return false;
    if ('type' in value && value.type === 'if') return true;
    return Object.values(value).some((child) => visit(child, depth + 1));
  };
  return visit(block, 0);
}

/** A kept block's opening line (its base64url JSON captured) and its closing line: content writes them, readers read them. */
export const KEPT_BLOCK_OPEN = /^\{% json block="([A-Za-z0-9_-]+)" %\}$/;
export const KEPT_BLOCK_CLOSE = '{% endjson %}';
/** A whole kept form, its block captured: the opening line, its text, the closing line. */
/** A whole kept form (the two lines above with its text between), its block captured. */
const KEPT_FORM = /^\{% json block="([A-Za-z0-9_-]+)" %\}\n[\s\S]*?^\{% endjson %\}\n?/gm;
/**
 * A page's markdown as readers may have it (its `.md`, llms-full.txt): without the kept blocks that hold a
 * conditional block, which the rendered page does not show either.
 */
export const readerMarkdown = (markdown: string) => markdown.replace(KEPT_FORM, (form, encoded: string) => (holdsCondition(encoded) ? '' : form));

