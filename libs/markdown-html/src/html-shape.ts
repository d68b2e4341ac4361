/**
 * How much work an HTML text is for the sanitizer, measured before it runs (docs/adr/0059): sanitize-html's time
 * grows faster than its input with open-tag nesting (66,666 unclosed `<b>`: 2 s; twice that: 12 s), so a page
 * past a limit is shown as plain text instead. One linear pass, no backtracking regex. It reads tags as htmlparser2
 * does and errs deep where it differs (`/>` closes nothing), so markup cannot hide depth; what still slips through
 * is caught by the render budget (./renderer.ts).
 */
export interface HtmlLimits {
  /** Start tags in all (void ones included). */
  maxTags: number;
  /** Tags open at once. */
  maxDepth: number;
}

export interface HtmlShape {
  tags: number;
  depth: number;
  /** The first limit passed; the scan stops there (tags and depth are then what was counted so far). */
  exceeded?: 'tags' | 'depth';
}

/** Elements that never hold content (htmlparser2's list, the parser sanitize-html uses). */
const VOID = new Set(['area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements whose content the parser reads as text up to their end tag: tags inside are not tags. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp']);

/** Open elements a start tag closes while one of them is the innermost (the parser's implied end tags). */
const P = ['p'];
const FORM = ['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea'];
const IMPLIES_CLOSE = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['li', new Set(['li'])],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', new Set(['dd', 'dt'])],
  ['dt', new Set(['dd', 'dt'])],
  ['rt', new Set(['rt', 'rp'])],
  ['rp', new Set(['rt', 'rp'])],
  ['tbody', new Set(['thead', 'tbody'])],
  ['tfoot', new Set(['thead', 'tbody'])],
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((name): [string, Set<string>] => [name, new Set(FORM)]),
  ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'header', 'hr', 'main', 'nav', 'ol', 'pre', 'section', 'table', 'ul'].map((name): [string, Set<string>] => [name, new Set(P)]),
]);

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
/** A tag name runs to whitespace, `/` or `>`, as the parser reads it (`</b:x>` does not close `<b>`). */
const isNameChar = (c: number) => !isSpace(c) && c !== 47 && c !== 62;
const isLetter = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);

export function measureHtml(html: string, limits: HtmlLimits): HtmlShape {
  const open: string[] = [];
  let tags = 0;
  let depth = 0;
  let i = 0;
  for (;;) {
    const lt = html.indexOf('<', i);
    if (lt < 0 || lt + 1 >= html.length) break;
    const next = html.charCodeAt(lt + 1);
    if (next === 33 || next === 63 || (next === 47 && !isLetter(html.charCodeAt(lt + 2)))) {
      // `<!--...-->` (`<!-->` is a whole comment), `<![CDATA[...]]>`, `<!doctype>`, `<?...>`, `</ ...>`: no tag inside.
      const [close, from] = html.startsWith('<!--', lt) ? ['-->', lt + 2] : html.startsWith('<![CDATA[', lt) ? [']]>', lt + 9] : ['>', lt + 2];
      const end = html.indexOf(close, from);
      if (end < 0) break;
      i = end + close.length;
      continue;
    }
    const closing = next === 47; // '/'
    const nameStart = lt + (closing ? 2 : 1);
    if (!isLetter(html.charCodeAt(nameStart))) {
      // A lone `<`: text.
      i = lt + 1;
      continue;
    }
    let nameEnd = nameStart + 1;
    while (nameEnd < html.length && isNameChar(html.charCodeAt(nameEnd))) nameEnd++;
    const gt = closing ? html.indexOf('>', nameEnd) : endOfStartTag(html, nameEnd);
    if (gt < 0) break;
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    i = gt + 1;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at >= 0) open.length = at;
      continue;
    }
    if (++tags > limits.maxTags) return { tags, depth, exceeded: 'tags' };
    if (VOID.has(name)) continue;
    if (RAW_TEXT.has(name)) {
      const end = indexOfEndTag(html, name, i);
      if (end < 0) break;
      i = end;
      continue;
    }
    const closes = IMPLIES_CLOSE.get(name);
    while (closes && open.length > 0 && closes.has(open[open.length - 1])) open.pop();
    open.push(name);
    if (open.length > depth) depth = open.length;
    if (depth > limits.maxDepth) return { tags, depth, exceeded: 'depth' };
  }
  return { tags, depth };
}

/** The `>` that ends a start tag whose attributes begin at `from` (a quoted value may hold `>`); -1: none. */
function endOfStartTag(html: string, from: number): number {
  for (let i = from; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (c === 62) return i; // '>'
    if (c !== 61) continue; // '='
    let v = i + 1;
    while (v < html.length && isSpace(html.charCodeAt(v))) v++;
    const quote = html.charCodeAt(v);
    if (quote !== 34 && quote !== 39) {
      i = v - 1;
      continue;
    }
    const end = html.indexOf(html[v], v + 1);
    if (end < 0) return -1;
    i = end;
  }
  return -1;
}

/** Where the end tag of raw-text element `name` starts at or after `from`, whatever its case; -1: nowhere. */
function indexOfEndTag(html: string, name: string, from: number): number {
  const pattern = new RegExp(`</${name}[ \\t\\n\\f\\r>]`, 'gi');
  pattern.lastIndex = from;
  return pattern.exec(html)?.index ?? -1;
}
