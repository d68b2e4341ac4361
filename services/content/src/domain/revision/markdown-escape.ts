/**
 * Escaping plain text for markdown so that it reads back as the same text. Only what could be read as markup
 * where it stands is escaped, so ordinary prose (`snake_case`, `2 * 3`, `issue #5`, `a < b`) stays as typed
 * and a page written from a JSON document reads like one written by hand.
 */
export interface EscapeContext {
  /** The text can begin a line where block syntax (`#`, `>`, `- `, `1. `, `---`...) would be read. */
  blockStart: boolean;
  /** Link or image text: brackets would end it. */
  linkText?: boolean;
  /** A table cell: `|` ends the cell and a line break ends the row. */
  table?: boolean;
  /** A heading: one line only, and a trailing run of `#` would be read as its closing sequence. */
  heading?: boolean;
}

export interface Surroundings {
  /** The output character just before the text (markup of a mark or link included); undefined at the start. */
  before?: string;
  /** The output character just after it; undefined at the end. */
  after?: string;
  /** The output after it up to the end of the line, to recognise block syntax that the text only begins. */
  following?: string;
  /** The text begins a line of the output. */
  lineStart: boolean;
}

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const ENTITY = /^&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/;
const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

export function escapeMarkdownText(text: string, around: Surroundings, ctx: EscapeContext): string {
  let out = '';
  let lineStart = ctx.blockStart && around.lineStart;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const prev = i > 0 ? text[i - 1] : around.before;
    const next = i + 1 < text.length ? text[i + 1] : around.after;
    if (c === '\n') {
      if (ctx.table) out += '<br>';
      else if (ctx.heading) out += ' ';
      else {
        out += '\n';
        lineStart = ctx.blockStart;
      }
      continue;
    }
    if (lineStart) {
      // Indentation at the start of a line reads as nothing, or as an indented code block from 4 spaces on.
      if (c === ' ' || c === '\t') continue;
      lineStart = false;
      const end = text.indexOf('\n', i);
      const line = end === -1 ? text.slice(i) + (around.following ?? '') : text.slice(i, end);
      const at = blockSyntaxAt(line);
      if (at >= 0 && i + at < (end === -1 ? text.length : end)) {
        out += `${text.slice(i, i + at)}\\${text[i + at]}`;
        i += at;
        continue;
      }
    }
    out += escapeChar(c, prev, next, text, i, around, ctx) ? `\\${c}` : c;
  }
  return out;
}

/** Where a line begins block syntax: the index of the character to escape, or -1. */
function blockSyntaxAt(line: string): number {
  if (/^#{1,6}(\s|$)/.test(line) || line.startsWith('>') || /^[-+*](\s|$)/.test(line)) return 0; // heading, quote, bullet
  if (/^(=+|-+)\s*$/.test(line) || /^([-*_])(\s*\1){2,}\s*$/.test(line)) return 0; // setext underline, divider
  if (line.startsWith('~~~') || /^\[[^\]]*\]:/.test(line)) return 0; // fence, link reference definition
  const ordered = /^(\d{1,9})[.)](\s|$)/.exec(line);
  return ordered ? ordered[1].length : -1;
}

function escapeChar(c: string, prev: string | undefined, next: string | undefined, text: string, i: number, around: Surroundings, ctx: EscapeContext): boolean {
  switch (c) {
    case '\\':
      return next === '\n' || (next !== undefined && PUNCTUATION.test(next));
    case '`':
      return true;
    case '*':
    case '~':
      // Emphasis and strikethrough delimiters need a non-space on one side.
      return !(isSpace(prev) && isSpace(next));
    case '_':
      // An underscore inside a word never delimits emphasis.
      return !(isSpace(prev) && isSpace(next)) && !(isWordChar(prev) && isWordChar(next));
    case '[':
      return !!ctx.linkText;
    case ']':
      return !!ctx.linkText || next === '(' || next === '[';
    case '<':
      return next !== undefined && /[A-Za-z/!?]/.test(next); // HTML tag, comment or autolink
    case '&':
      return ENTITY.test(text.slice(i));
    case '$':
      return prev === '$' || next === '$'; // `$$` delimits math
    case '{':
      return next === '%' || next === '{'; // `{% tag %}` and `{{ expression }}`
    case '|':
      return !!ctx.table;
    case '#':
      // `# Title #`: a closing run of `#` at the end of a heading is dropped when read.
      return !!ctx.heading && around.after === undefined && isSpace(prev) && /^#+[ \t]*$/.test(text.slice(i));
    default:
      return false;
  }
}
