/**
 * The content model: a revision is an immutable snapshot of a space's content. Pages form a tree kept as
 * one ordered list (siblings in list order, `parent` null at the root); a page's markdown is stored apart,
 * content-addressed by `documentHash`, so unchanged pages cost nothing in a new revision.
 */
export type PageType = 'document' | 'group';

export interface PageLayout {
  width?: 'default' | 'wide';
  cover?: boolean;
  coverSize?: 'hero' | 'full';
  title?: boolean;
  description?: boolean;
  tableOfContents?: boolean;
  outline?: boolean;
  pagination?: boolean;
  metadata?: boolean;
}

export interface PageNode {
  id: string;
  parent: string | null;
  type: PageType;
  title: string;
  slug: string;
  emoji?: string;
  icon?: string;
  description?: string;
  hidden: boolean;
  noIndex: boolean;
  noRobotsIndex: boolean;
  condition?: string;
  layout?: PageLayout;
  /** sha256 of the page's markdown (documents only). */
  documentHash: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface FileEntry {
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** sha256 of the stored bytes. */
  blobHash: string;
  dimensions?: { width: number; height: number };
}

/**
 * A reusable content (the official RevisionReusableContent): a titled document that pages include
 * (`{% include "/reusable-contents/<id>" %}`, docs/adr/0109), stored like a page's, by its markdown's hash.
 */
export interface ReusableContentEntry {
  id: string;
  title: string;
  /** sha256 of its markdown; null: empty. */
  documentHash: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface RevisionContent {
  pages: PageNode[];
  files: FileEntry[];
  variables: Record<string, string>;
  reusableContents: ReusableContentEntry[];
}

export const emptyContent = (): RevisionContent => ({ pages: [], files: [], variables: {}, reusableContents: [] });

/** The hashes of every document a revision holds: its pages' and its reusable contents'. */
export const documentHashesOf = (content: Pick<RevisionContent, 'pages' | 'reusableContents'>): string[] =>
  [...content.pages, ...content.reusableContents].map((d) => d.documentHash).filter((h): h is string => !!h);

/** A rule of the content model was broken by the request: the caller gets a 400 with this message. */
export class ContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentError';
  }
}
