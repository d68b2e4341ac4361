import { officialBodyError, officialSchemaError } from '../../src/official-schema';

const leaf = (text: string) => ({ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] });
const paragraph = (text: string) => ({ object: 'block', type: 'paragraph', data: {}, nodes: [leaf(text)] });
const doc = (...nodes: object[]) => ({ object: 'document', data: {}, nodes });

describe('official schemas checked on write', () => {
  test('When a document is an official JSONDocument, Then there is no error', () => {
    expect(officialSchemaError('JSONDocument', doc(paragraph('Hello'), { object: 'block', type: 'divider', isVoid: true, data: {} }), 'document')).toBeUndefined();
  });

  test('When a block type is none of the official ones, Then the error names its path and every official block type, not only the first branch of the union', () => {
    const error = officialSchemaError('JSONDocument', doc(paragraph('ok'), { object: 'block', type: 'carousel', data: {}, nodes: [] }), 'document');
    expect(error).toMatch(/^document\.nodes\.1\.type must be one of: paragraph, heading-1, /);
    expect(error).toContain('tabs');
    expect(error).toContain('openapi-operation');
  });

  test('When something deep inside a block is wrong, Then the error names the deepest path that failed', () => {
    const leafless = { object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', marks: [] }] }] };
    expect(officialSchemaError('JSONDocument', doc(leafless), 'document')).toBe('document.nodes.0.nodes.0.leaves.0.text is required');
    expect(officialSchemaError('JSONDocument', { object: 'value', nodes: [] }, 'document')).toMatch(/^document/);
  });

  test('When a schema is not in the official release, Then it is a programming error, thrown', () => {
    expect(() => officialSchemaError('NoSuchSchema', {}, 'x')).toThrow(/has no schema NoSuchSchema/);
  });
});

describe('official inline request bodies', () => {
  test('When a site space customization override is written, Then the operation’s inline body schema checks it, nulls (resets) included', () => {
    expect(officialBodyError('overrideSiteSpaceCustomizationById', { title: null, styling: { primaryColor: { light: '#ff0000', dark: '#00ff00' } } }, 'body')).toBeUndefined();
    expect(officialBodyError('overrideSiteSpaceCustomizationById', { styling: { primaryColor: { light: 'red', dark: '#00ff00' } } }, 'body')).toMatch(/^body\.styling\.primaryColor/);
  });

  test('When an operation is not in the official release, Then it is a programming error, thrown', () => {
    expect(() => officialBodyError('noSuchOperation', {}, 'body')).toThrow(/has no operation noSuchOperation/);
  });
});
