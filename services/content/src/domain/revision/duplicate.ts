import { hashDocument, rewriteLinks } from './markdown';
import type { RevisionContent } from './types';

/**
 * A copy of a revision's content with new page, file and reusable content ids (same tree, same order). Links
 * between them (`/pages/<id>`, `/files/<id>`, `/reusable-contents/<id>`) are rewritten to the new ids, so the copy
 * links to itself, not to the original. `documents` holds the markdown of the source's documents by hash
 * (`documentHashesOf`).
 */
export function duplicateContent(content: RevisionContent, documents: Map<string, string>, newId: () => string): { content: RevisionContent; documents: Map<string, string> } {
  const pageIds = new Map(content.pages.map((p) => [p.id, newId()]));
  const fileIds = new Map(content.files.map((f) => [f.id, newId()]));
  const reusableIds = new Map(content.reusableContents.map((r) => [r.id, newId()]));
  const rewrite = (href: string) => {
    const reusable = /^\/reusable-contents\/([^/#?]+)$/.exec(href);
    if (reusable && reusableIds.has(reusable[1])) return `/reusable-contents/${reusableIds.get(reusable[1])}`;
    const page = /^\/pages\/([^/#?]+)(.*)$/.exec(href);
    if (page && pageIds.has(page[1])) return `/pages/${pageIds.get(page[1])}${page[2]}`;
    const file = /^\/files\/([^/#?]+)(.*)$/.exec(href);
    if (file && fileIds.has(file[1])) return `/files/${fileIds.get(file[1])}${file[2]}`;
    return undefined;
  };
  const out = new Map<string, string>();
  const copied = (documentHash: string | null) => {
    if (!documentHash) return documentHash;
    const markdown = rewriteLinks(documents.get(documentHash) ?? '', rewrite);
    const hash = hashDocument(markdown);
    out.set(hash, markdown);
    return hash;
  };
  const pages = content.pages.map((page) => ({ ...page, id: pageIds.get(page.id)!, parent: page.parent ? pageIds.get(page.parent)! : null, documentHash: copied(page.documentHash) }));
  const reusableContents = content.reusableContents.map((r) => ({ ...r, id: reusableIds.get(r.id)!, documentHash: copied(r.documentHash) }));
  return {
    content: { pages, files: content.files.map((f) => ({ ...f, id: fileIds.get(f.id)! })), variables: { ...content.variables }, reusableContents },
    documents: out,
  };
}
