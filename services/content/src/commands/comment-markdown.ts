import { badRequest } from '@dp/http';
import { commentMarkdown, type CommentBodyInput } from '../domain/comment-body';
import { ContentError } from '../domain/revision/types';

/** The markdown a comment or reply body is stored as; a body the rules refuse is a 400 naming it. */
export function storedMarkdown(body: CommentBodyInput): string {
  try {
    return commentMarkdown(body);
  } catch (err) {
    if (err instanceof ContentError) throw badRequest(err.message);
    throw err;
  }
}
