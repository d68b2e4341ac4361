import { commentMarkdown, MAX_COMMENT_MARKDOWN_CHARS } from '../../src/domain/comment-body';
import { MAX_NODE_PREVIEW_CHARS, nodePreview } from '../../src/domain/comment-target';
import { splitBlocks } from '../../src/domain/revision/blocks';

describe('comment body', () => {
  test('When the body is markdown, Then it is stored as sent', () => {
    expect(commentMarkdown({ markdown: 'Looks **good**' })).toBe('Looks **good**');
  });

  test('When the body is a JSON document, Then it is stored as its markdown', () => {
    const document = { object: 'document', nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Hello', marks: [] }] }] }] };
    expect(commentMarkdown({ document })).toBe('Hello');
  });

  test('When the body is blank, Then it is refused', () => {
    expect(() => commentMarkdown({ markdown: ' \n\t' })).toThrow('body must not be blank');
  });

  test('When the markdown is at the limit, Then it passes; one more character is refused', () => {
    expect(commentMarkdown({ markdown: 'a'.repeat(MAX_COMMENT_MARKDOWN_CHARS) })).toHaveLength(MAX_COMMENT_MARKDOWN_CHARS);
    expect(() => commentMarkdown({ markdown: 'a'.repeat(MAX_COMMENT_MARKDOWN_CHARS + 1) })).toThrow(`longer than ${MAX_COMMENT_MARKDOWN_CHARS}`);
  });

  test('When the JSON document is not one, Then the error names its path', () => {
    expect(() => commentMarkdown({ document: { object: 'page', nodes: [] } })).toThrow('body.document');
  });
});

describe('comment target', () => {
  const markdown = '# Setup\n\nInstall   the\ncli first.\n\n- one';

  test('When the node is a block key of the page, Then its preview is the block text on one line', () => {
    const key = splitBlocks(markdown).blocks[1].key;
    expect(nodePreview(markdown, key)).toBe('Install the cli first.');
  });

  test('When the node is no block of the page, Then there is no preview', () => {
    expect(nodePreview(markdown, 'b000000000000')).toBeUndefined();
  });

  test('When the block is long, Then the preview is cut to its limit', () => {
    const long = 'word '.repeat(100).trim();
    const preview = nodePreview(long, splitBlocks(long).blocks[0].key)!;
    expect(preview).toHaveLength(MAX_NODE_PREVIEW_CHARS);
    expect(preview.endsWith('…')).toBe(true);
  });
});
