/** The official authoring body of POST .../change-requests/{id}/content: up to 50 changes, applied atomically. */
export interface PageMetadataInput {
  title?: string;
  slug?: string;
  emoji?: string;
  icon?: string;
  description?: string;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  condition?: string;
}

/** Markdown, a GitBook JSON document, or neither (`{}`); never both (the request schema allows one property). */
export type DocumentInput = { markdown?: string; document?: unknown };

export interface InsertPageChange extends PageMetadataInput {
  operation: 'insert_page';
  into?: string;
  at?: number;
  ref?: string;
  document: DocumentInput;
}

export interface UpdatePageChange extends PageMetadataInput {
  operation: 'update_page';
  page: string;
  document?: DocumentInput;
  into?: string | null;
  at?: number;
}

export interface DeletePageChange {
  operation: 'delete_page';
  page: string;
}

export interface RevertPageChange {
  operation: 'revert_page';
  page: string;
  revision?: string;
  block?: string[];
}

export interface FileInput {
  ref?: string;
  name: string;
  contentType?: string;
  base64?: string;
  url?: string;
}

export interface InsertFilesChange {
  operation: 'insert_files';
  files: FileInput[];
}

/** Ours (docs/adr/0109): the official body has no way to write reusable contents, which pages include. */
export interface InsertReusableContentChange {
  operation: 'insert_reusable_content';
  ref?: string;
  title: string;
  document: DocumentInput;
}

export interface UpdateReusableContentChange {
  operation: 'update_reusable_content';
  reusableContent: string;
  title?: string;
  document?: DocumentInput;
}

export interface DeleteReusableContentChange {
  operation: 'delete_reusable_content';
  reusableContent: string;
}

export type ContentChange =
  | InsertPageChange
  | UpdatePageChange
  | DeletePageChange
  | RevertPageChange
  | InsertFilesChange
  | InsertReusableContentChange
  | UpdateReusableContentChange
  | DeleteReusableContentChange;

export const MAX_CHANGES = 50;
export const MAX_FILE_BYTES = 1024 * 1024;
/** The longest page document, as markdown (a JSON document is measured after conversion). */
export const MAX_MARKDOWN_CHARS = 1_000_000;
