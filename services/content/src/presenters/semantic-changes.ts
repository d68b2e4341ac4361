import type { Links } from '@dp/http';
import type { AttributeChange, ChangedPage, FileAttributeChanges, PageAttributeChanges, SemanticChange } from '../domain/revision/semantic-changes';
import type { FileEntry } from '../domain/revision/types';
import { documentIdOf, presentFile, presentLayout, presentReusableContent, type ContentLocation } from './revision';

/** Where the two sides of a comparison are read: a deleted file's URL is the earlier revision's, the others the later's. */
export interface ComparedLocations {
  before: ContentLocation;
  after: ContentLocation;
}

const presentChangedPage = ({ page, path }: ChangedPage) => ({ id: page.id, type: page.type, title: page.title, path });
const sides = <T, R>({ before, after }: AttributeChange<T>, map: (value: T) => R) => ({
  ...(before !== undefined ? { before: map(before) } : {}),
  ...(after !== undefined ? { after: map(after) } : {}),
});

/** The official RevisionPage*ChangeAttributes: a document is named by its document id, as pages present it. */
function presentPageAttributes({ documentHash, layout, ...rest }: PageAttributeChanges) {
  return {
    ...rest,
    ...(documentHash ? { document: sides(documentHash, documentIdOf) } : {}),
    // A layout never set is GitBook's default layout, not an absent one.
    ...(layout ? { layout: { before: presentLayout(layout.before), after: presentLayout(layout.after) } } : {}),
  };
}

/** The official RevisionFileChangeAttributes: new bytes are a new downloadURL, the earlier one at the earlier revision. */
function presentFileAttributes(was: FileEntry, file: FileEntry, { blobHash, ...rest }: FileAttributeChanges, at: ComparedLocations, links: Links) {
  return {
    ...rest,
    ...(blobHash ? { downloadURL: { before: presentFile(was, at.before, links).downloadURL, after: presentFile(file, at.after, links).downloadURL } } : {}),
  };
}

const presentChangedFile = (file: FileEntry, at: ContentLocation, links: Links) => {
  const { id, name, contentType, downloadURL } = presentFile(file, at, links);
  return { id, name, contentType, downloadURL };
};

/** One change as the official RevisionSemanticChange. */
export function presentSemanticChange(change: SemanticChange, at: ComparedLocations, links: Links) {
  switch (change.type) {
    case 'page_created':
    case 'page_deleted':
      return { type: change.type, page: presentChangedPage(change.page) };
    case 'page_edited':
      return { type: change.type, page: presentChangedPage(change.page), attributes: presentPageAttributes(change.attributes) };
    case 'page_moved':
      return {
        type: change.type,
        page: presentChangedPage(change.page),
        parent: {
          ...(change.parent.before ? { before: presentChangedPage(change.parent.before) } : {}),
          ...(change.parent.after ? { after: presentChangedPage(change.parent.after) } : {}),
        },
      };
    case 'file_created':
      return { type: change.type, file: presentChangedFile(change.file, at.after, links) };
    case 'file_deleted':
      return { type: change.type, file: presentChangedFile(change.file, at.before, links) };
    case 'file_edited':
      return {
        type: change.type,
        file: presentChangedFile(change.file, at.after, links),
        attributes: presentFileAttributes(change.was, change.file, change.attributes, at, links),
      };
    case 'variables_edited':
      return { type: change.type, variables: change.variables };
    case 'reusable_content_created':
    case 'reusable_content_deleted':
      return { type: change.type, reusableContent: presentReusableContent(change.reusableContent) };
    case 'reusable_content_edited': {
      const { documentHash, ...rest } = change.attributes;
      return {
        type: change.type,
        reusableContent: presentReusableContent(change.reusableContent),
        attributes: { ...rest, ...(documentHash ? { document: sides(documentHash, documentIdOf) } : {}) },
      };
    }
  }
}

/** The official RevisionSemanticChanges: the first `limit` changes, and how many more there were. */
export function presentSemanticChanges(changes: SemanticChange[], limit: number, at: ComparedLocations, links: Links, mergedFrom?: object) {
  const shown = changes.slice(0, limit).map((change) => presentSemanticChange(change, at, links));
  return { ...(mergedFrom ? { mergedFrom } : {}), changes: shown, ...(changes.length > limit ? { more: changes.length - limit } : {}) };
}
