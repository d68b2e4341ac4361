import { markdownFromDocument } from './revision/document-to-markdown';
import { ContentError } from './revision/types';

/**
 * A comment or reply body is at most this many characters of markdown: a discussion message, not a page
 * (pages take up to 1,000,000). A JSON document is measured once written as markdown.
 */
export const MAX_COMMENT_MARKDOWN_CHARS = 10_000;

export type CommentBodyInput = { markdown: string } | { document: unknown };

/**
 * The markdown a comment body is stored as: the official `Document` sent as markdown, or as a JSON document
 * written as markdown (the form pages use too). Blank text is refused: a comment says something.
 * Throws a ContentError (a 400) naming `path`.
 */
export function commentMarkdown(input: CommentBodyInput, path = 'body'): string {
  const markdown = 'markdown' in input ? input.markdown : markdownFromDocument(input.document, `${path}.document`);
  if (!markdown.trim()) throw new ContentError(`${path} must not be blank`);
  if (markdown.length > MAX_COMMENT_MARKDOWN_CHARS) throw new ContentError(`${path} is longer than ${MAX_COMMENT_MARKDOWN_CHARS} characters of markdown`);
  return markdown;
}
