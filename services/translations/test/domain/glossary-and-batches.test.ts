import { protectTerms, restoreTerms, termsFor } from '../../src/domain/glossary';
import { instructionsText } from '../../src/domain/instructions-text';
import { batches } from '../../src/providers/batched';

describe('glossary', () => {
  const entries: Array<{ translations: Record<string, string> }> = [{ translations: { en: 'widget', fr: 'Bidule' } }, { translations: { en: 'smart widget', fr: 'Bidule malin' } }, { translations: { en: 'only english' } }];

  test('When a run picks its terms, Then those in both languages come, longest first', () => {
    expect(termsFor(entries, 'en', 'fr')).toEqual([{ source: 'smart widget', target: 'Bidule malin' }, { source: 'widget', target: 'Bidule' }]);
    expect(termsFor(entries, 'fr', 'en').map((t) => t.source)).toEqual(['Bidule malin', 'Bidule']);
  });

  test('When terms are protected and restored, Then whole words of any case become the target term, and parts of words do not', () => {
    const terms = termsFor(entries, 'en', 'fr');
    const sent = protectTerms('A Smart Widget beats a widget, not widgets.', terms);
    expect(sent).toBe('A <g id="0"/> beats a <g id="1"/>, not widgets.');
    expect(restoreTerms('Un <g id="0"/> bat un <g id="1"/>, pas des widgets.', terms)).toBe('Un Bidule malin bat un Bidule, pas des widgets.');
  });
});

describe('batches', () => {
  test('When texts are batched, Then each batch stays within the count and the characters, in order', () => {
    expect(batches(['aaaa', 'bb', 'cccccc', 'd', 'e'], { texts: 2, chars: 7 })).toEqual([['aaaa', 'bb'], ['cccccc', 'd'], ['e']]);
    expect(batches(['x'.repeat(50)], { texts: 10, chars: 10 })).toEqual([['x'.repeat(50)]]);
    expect(batches([], { texts: 10, chars: 10 })).toEqual([]);
  });
});

describe('instructions as text', () => {
  test('When instructions are sent as context, Then their blocks become lines of text', () => {
    const leaf = (text: string) => ({ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] });
    const doc = { object: 'document' as const, data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [leaf('Use a formal tone.')] }, { object: 'block', type: 'paragraph', nodes: [leaf('Keep product names.')] }] };
    expect(instructionsText(doc)).toBe('Use a formal tone.\nKeep product names.');
    expect(instructionsText({ object: 'document', data: {}, nodes: [] })).toBe('');
  });
});
