/**
 * What a search text asks for. The text goes as typed to PostgreSQL's `websearch_to_tsquery` (words are
 * ANDed; "quoted phrases", `or` and `-excluded` words work as on web search engines). While someone is
 * still typing, the last word is usually incomplete: it is matched as the prefix of longer words instead
 * ("instal" finds "installation", and "install" itself), unless it is quoted, excluded, the second half
 * of an `or`, or followed by a space (a finished word). The query is then `websearch(rest) & word:*`,
 * which finds everything the text as typed finds: a simpler query than an OR of both, and ranking (the
 * cost of a search) grows with the query.
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
