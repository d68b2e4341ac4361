import { hashDocument, rewriteLinks } from './markdown';
import type { RevisionContent } from './types';

/**
 * A copy of a revision's content with new page and file ids (same tree, same order). Links between the
 * copied pages and files (`/pages/<id>`, `/files/<id>`) are rewritten to the new ids, so the copy links to
 * itself, not to the original. `documents` holds the markdown of the source pages by hash.
 */
export function duplicateContent(content: RevisionContent, documents: Map<string, string>, newId: () => string): { content: RevisionContent; documents: Map<string, string> } {
  const pageIds = new Map(content.pages.map((p) => [p.id, newId()]));
  const fileIds = new Map(content.files.map((f) => [f.id, newId()]));
  const rewrite = (href: string) => {
    const page = /^\/pages\/([^/#?]+)(.*)$/.exec(href);
    if (page && pageIds.has(page[1])) return `/pages/${pageIds.get(page[1])}${page[2]}`;
    const file = /^\/files\/([^/#?]+)(.*)$/.exec(href);
    if (file && fileIds.has(file[1])) return `/files/${fileIds.get(file[1])}${file[2]}`;
    return undefined;
  };
  const out = new Map<string, string>();
  const pages = content.pages.map((page) => {
    let documentHash = page.documentHash;
    if (documentHash) {
      const markdown = rewriteLinks(documents.get(documentHash) ?? '', rewrite);
      documentHash = hashDocument(markdown);
      out.set(documentHash, markdown);
    }
    return { ...page, id: pageIds.get(page.id)!, parent: page.parent ? pageIds.get(page.parent)! : null, documentHash };
  });
  return {
    content: { pages, files: content.files.map((f) => ({ ...f, id: fileIds.get(f.id)! })), variables: { ...content.variables } },
    documents: out,
  };
}
