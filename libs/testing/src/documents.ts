/** Building blocks of official JSON documents (`@gitbook/api`'s JSONDocument) for tests. */

/** A text node of one leaf without marks. */
export const docText = (text: string) => ({ object: 'text' as const, leaves: [{ object: 'leaf' as const, text, marks: [] }] });

/** A paragraph of one text. */
export const docParagraph = (text: string) => ({ object: 'block' as const, type: 'paragraph' as const, data: {}, nodes: [docText(text)] });

/** A tabs block whose tabs hold one paragraph each: `[title, text]` per tab. */
export const docTabs = (tabs: Array<[title: string, text: string]>) => ({
  object: 'block' as const,
  type: 'tabs' as const,
  data: {},
  nodes: tabs.map(([title, text]) => ({ object: 'block' as const, type: 'tabs-item' as const, data: { title }, nodes: [docParagraph(text)] })),
});
