/**
 * The organization's glossary in a run (docs/adr/0045): for the run's source and target languages, each term
 * the glossary has in both is taken out of the text before it is sent (a `<g id="n"/>` tag, carried through
 * like the other protected spans) and its target term put in its place after. Works the same with every
 * provider, whether or not it has glossaries of its own. Longer terms first, so that a term inside another
 * does not split it. Pure, unit-tested.
 */
export interface GlossaryTerm {
  source: string;
  target: string;
}

export function termsFor(entries: Array<{ translations: Record<string, string> }>, sourceLanguage: string, targetLanguage: string): GlossaryTerm[] {
  return entries
    .flatMap((e) => (e.translations[sourceLanguage] && e.translations[targetLanguage] ? [{ source: e.translations[sourceLanguage], target: e.translations[targetLanguage] }] : []))
    .sort((a, b) => b.source.length - a.source.length);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with each glossary term (whole words, any case) replaced by its tag. */
export function protectTerms(text: string, terms: GlossaryTerm[]): string {
  let out = text;
  terms.forEach((term, i) => {
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term.source)}(?![\\p{L}\\p{N}])`, 'giu'), `<g id="${i}"/>`);
  });
  return out;
}

/** The translated text with each tag replaced by the term's target form. */
export function restoreTerms(text: string, terms: GlossaryTerm[]): string {
  return text.replace(/<g\s+id="(\d+)"\s*\/>/g, (tag, n: string) => terms[Number(n)]?.target ?? tag);
}
