import type MarkdownItModule from 'markdown-it';

/**
 * GitBook's inline math, `$$formula$$` within a line, as `math_inline` tokens holding the formula: read after the
 * escapes, so `\$\$` stays text. One rule for the renderer and content's document reader (docs/adr/0074, 0077).
 */
export function inlineMath(md: InstanceType<typeof MarkdownItModule>): void {
  md.inline.ruler.after('escape', 'math_inline', (state, silent) => {
    if (!state.src.startsWith('$$', state.pos)) return false;
    const end = state.src.indexOf('$$', state.pos + 2);
    const formula = end < 0 ? '' : state.src.slice(state.pos + 2, end);
    if (!formula || formula.includes('\n')) return false;
    if (!silent) state.push('math_inline', '', 0).content = formula;
    state.pos = end + 2;
    return true;
  });
}
