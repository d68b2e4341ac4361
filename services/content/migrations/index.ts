import type { Migration } from '@dp/db';
import { createSpacesAndRevisions } from './20261122000101_create_spaces_and_revisions';
import { createCollections } from './20261122000102_create_collections';
import { createContentModel } from './20261122000103_create_content_model';
import { createDocumentLinks } from './20261122000104_create_document_links';
import { createSearchIndex } from './20261122000105_create_search_index';
import { createComments } from './20261122000106_create_comments';
import { createSpaceVersions } from './20261124000107_create_space_versions';
import { pdfExports } from './20261225000108_pdf_exports';
import { createImportRuns } from './20261227000109_create_import_runs';
import { keepDocumentsAsWritten } from './20261228000110_keep_documents_as_written';
import { parseMarkdownDocuments } from './20261228000111_parse_markdown_documents';
import { createFormerPagePaths } from './20261228000112_create_former_page_paths';
import { createSpaceUserPermissions } from './20261228000113_create_space_user_permissions';
import { createCollectionUserPermissions } from './20261228000114_create_collection_user_permissions';
import { createTeamPermissions } from './20261228000115_create_team_permissions';
import { spaceDefaultLevelMayBeNoAccess } from './20261228000116_space_default_level_may_be_no_access';

export const migrations: Migration[] = [createSpacesAndRevisions, createCollections, createContentModel, createDocumentLinks, createSearchIndex, createComments, createSpaceVersions, pdfExports, createImportRuns, keepDocumentsAsWritten, parseMarkdownDocuments, createFormerPagePaths, createSpaceUserPermissions, createCollectionUserPermissions, createTeamPermissions, spaceDefaultLevelMayBeNoAccess];
