/**
 * What a search text asks for (docs/adr/0012). The text goes as typed to `websearch_to_tsquery`; while someone
 * types, the last word is usually incomplete, so it is matched as a prefix instead ("instal" finds "installation"),
 * unless quoted, excluded, the second half of an `or`, or followed by a space. `websearch(rest) & word:*` finds
 * all the text as typed finds, and is simpler than an OR of both: ranking, a search's cost, grows with the query.
 */
export interface SearchTerms {
  text: string;
  /** The last word (letters and digits only: safe inside a tsquery) and the text before it. */
  prefix?: { rest: string; word: string };
}

export function searchTerms(raw: string): SearchTerms {
  const text = raw.replace(/\s+/g, ' ').trim();
  const match = /(^|\s)([\p{L}\p{N}]+)$/u.exec(raw);
  if (!match) return { text };
  const before = raw.slice(0, match.index + match[1].length);
  const insideQuotes = (before.match(/"/g) ?? []).length % 2 === 1;
  const word = match[2];
  const rest = before.replace(/\s+/g, ' ').trim();
  if (insideQuotes || word.toLowerCase() === 'or' || /(^|\s)or$/i.test(rest)) return { text };
  return { text, prefix: { rest, word } };
}
