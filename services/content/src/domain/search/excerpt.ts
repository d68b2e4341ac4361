/**
 * The part of a section's text shown in a result: a window of words around the first word that matches
 * the query. `stems` are the query's lexemes (lower case, as the text search configuration reduced them:
 * "installing" → "instal"); a word matches when it starts with one, which is how stemmed words and prefix
 * queries match. Computed here rather than with ts_headline, which re-parses every section shown.
 */
export function excerpt(text: string, stems: string[], maxWords = 30): string {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length <= maxWords) return words.join(' ');
  const wanted = stems.map((s) => s.toLowerCase()).filter(Boolean);
  const normal = (w: string) => w.toLowerCase().replace(/^[^\p{L}\p{N}]+/u, '');
  const hit = wanted.length ? words.findIndex((w) => wanted.some((s) => normal(w).startsWith(s))) : -1;
  const start = hit < 0 ? 0 : Math.max(0, Math.min(hit - Math.floor(maxWords / 4), words.length - maxWords));
  const end = start + maxWords;
  return `${start > 0 ? '… ' : ''}${words.slice(start, end).join(' ')}${end < words.length ? ' …' : ''}`;
}
