import type { FromSchema } from 'json-schema-to-ts';

const id = { type: 'string', minLength: 1 } as const;

/** A page of a revision's tree as the sites publisher builds its navigation from it (no document). */
const treePage = {
  type: 'object',
  properties: {
    id,
    parent: { type: ['string', 'null'] },
    type: { enum: ['document', 'group'] },
    title: { type: 'string' },
    slug: { type: 'string' },
    /** Slugs from the root joined by `/`. */
    path: { type: 'string' },
    emoji: { type: 'string' },
    /** A Font Awesome icon's name (the official `Icon`). */
    icon: { type: 'string' },
    description: { type: 'string' },
    hidden: { type: 'boolean' },
    noIndex: { type: 'boolean' },
    noRobotsIndex: { type: 'boolean' },
    /** When the page last changed (optional: a publisher may read a content service from before it). */
    updatedAt: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'parent', 'type', 'title', 'slug', 'path', 'hidden', 'noIndex', 'noRobotsIndex'],
  additionalProperties: false,
} as const;
export type PublishedTreePage = FromSchema<typeof treePage>;

/** `GET /internal/spaces/{spaceId}/revisions/{revisionId}/published-tree` (content, asked by the sites publisher). */
export const publishedTreeResponse = {
  type: 'object',
  properties: {
    revision: id,
    pages: { type: 'array', items: treePage },
    files: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id, name: { type: 'string' }, contentType: { type: 'string' }, size: { type: 'integer', minimum: 0 } },
        required: ['id', 'name', 'contentType', 'size'],
        additionalProperties: false,
      },
    },
  },
  required: ['revision', 'pages', 'files'],
  additionalProperties: false,
} as const;
export type PublishedTree = FromSchema<typeof publishedTreeResponse>;

/** `GET .../revisions/{revisionId}/former-paths?path=` (content, asked by the sites publisher before a 404): the page that had the path. */
export const formerPathResponse = {
  type: 'object',
  properties: { pageId: id },
  required: ['pageId'],
  additionalProperties: false,
} as const;
export type FormerPath = FromSchema<typeof formerPathResponse>;

/** Where a link written in a page leads, as content resolves it in the page's revision (never an outside URL). */
const linkTarget = {
  oneOf: [
    { type: 'object', properties: { kind: { const: 'page' }, page: id }, required: ['kind', 'page'], additionalProperties: false },
    { type: 'object', properties: { kind: { const: 'anchor' }, page: id, anchor: { type: 'string' } }, required: ['kind', 'page', 'anchor'], additionalProperties: false },
    { type: 'object', properties: { kind: { const: 'file' }, file: id }, required: ['kind', 'file'], additionalProperties: false },
  ],
} as const;
export type PublishedLinkTarget = FromSchema<typeof linkTarget>;

/** `GET .../revisions/{revisionId}/published-pages/{pageId}` (content, asked by the sites publisher): links by href as written. */
export const publishedPageResponse = {
  type: 'object',
  properties: { id, markdown: { type: 'string' }, links: { type: 'object', additionalProperties: linkTarget } },
  required: ['id', 'markdown', 'links'],
  additionalProperties: false,
} as const;
export type PublishedPageDocument = FromSchema<typeof publishedPageResponse>;

/**
 * `GET /internal/spaces/{spaceId}/pages/{pageId}/alternates` (content, asked by the sites publisher): the page's
 * other language versions (translations' page maps, docs/adr/0105) in spaces not deleted, for `hreflang` links.
 */
export const publishedAlternatesResponse = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { space: id, page: id, language: { type: 'string', minLength: 1 } },
        required: ['space', 'page', 'language'],
        additionalProperties: false,
      },
    },
  },
  required: ['items'],
  additionalProperties: false,
} as const;
export type PublishedAlternates = FromSchema<typeof publishedAlternatesResponse>;

/**
 * `POST /internal/search` (content, asked by sites for a site's search): the text, the spaces a site shows to the
 * one searching (at most 100), and the official list parameters.
 */
export const spacesSearchBody = {
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 1, maxLength: 512, pattern: '\\S' },
    spaceIds: { type: 'array', minItems: 1, maxItems: 100, items: id },
    limit: { type: 'integer', minimum: 1, maximum: 100 },
    page: { type: 'string', maxLength: 1024 },
  },
  required: ['query', 'spaceIds'],
  additionalProperties: false,
} as const;
export type SpacesSearchBody = FromSchema<typeof spacesSearchBody>;

const searchSection = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    /** `<page path>#<anchor>`, or the page path for the text before the first heading. */
    path: { type: 'string' },
    score: { type: 'number', minimum: 0 },
    resultType: { enum: ['page', 'section'] },
    /** The matching excerpt of the section's text. */
    body: { type: 'string' },
    urls: { type: 'object', properties: { app: { type: 'string' } }, required: ['app'], additionalProperties: false },
  },
  required: ['id', 'title', 'path', 'score', 'body', 'urls'],
  additionalProperties: false,
} as const;

const searchPage = {
  type: 'object',
  properties: {
    id,
    title: { type: 'string' },
    description: { type: 'string' },
    path: { type: 'string' },
    score: { type: 'number', minimum: 0 },
    rank: { type: 'integer', minimum: 1 },
    resultType: { enum: ['page', 'section'] },
    sections: { type: 'array', items: searchSection },
    ancestors: { type: 'array', items: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'], additionalProperties: false } },
    urls: { type: 'object', properties: { app: { type: 'string' } }, required: ['app'], additionalProperties: false },
  },
  required: ['id', 'title', 'description', 'path', 'score', 'rank', 'ancestors', 'urls'],
  additionalProperties: false,
} as const;

/** The answer of `POST /internal/search`: a list of the official SearchSpaceResult (pages grouped by space, best first). */
export const spacesSearchResponse = {
  type: 'object',
  properties: {
    next: { type: 'object', properties: { page: { type: 'string' } }, required: ['page'], additionalProperties: false },
    count: { type: 'integer', minimum: 0 },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { type: { const: 'space' }, id, title: { type: 'string' }, score: { type: 'number', minimum: 0 }, pages: { type: 'array', items: searchPage } },
        required: ['type', 'id', 'title', 'score', 'pages'],
        additionalProperties: false,
      },
    },
  },
  required: ['count', 'items'],
  additionalProperties: false,
} as const;
export type SpacesSearchResults = FromSchema<typeof spacesSearchResponse>;

/**
 * A Git Sync installation as content presents it (docs/adr/0108): the official GitSyncInstallation of a space's
 * installation, never its token.
 */
const gitSyncInstallation = {
  type: 'object',
  properties: {
    object: { const: 'git-sync-installation' },
    id,
    provider: { enum: ['github', 'gitlab'] },
    providerConfiguration: {
      type: 'object',
      properties: { repositoryId: { type: 'number' }, projectId: { type: 'number' }, customInstanceURL: { type: ['string', 'null'] }, branch: { type: 'string' } },
      additionalProperties: false,
    },
    projectDirectory: { type: 'string' },
    commitMessageTemplate: { type: 'string' },
    previewExternalBranches: { type: 'boolean' },
    priority: { enum: ['git', 'gitbook'] },
    // A site's installation, or a space's: its own, or one its site's installation manages (docs/adr/0115).
    parentInstallationId: id,
    target: {
      oneOf: [
        { type: 'object', properties: { type: { const: 'space' }, spaceId: id, siteId: id }, required: ['type', 'spaceId'], additionalProperties: false },
        { type: 'object', properties: { type: { const: 'site' }, siteId: id }, required: ['type', 'siteId'], additionalProperties: false },
      ],
    },
    status: { enum: ['unauthenticated', 'pending', 'active'] },
    createdAt: { type: 'string' },
    createdBy: { type: 'string' },
    updatedAt: { type: 'string' },
    urls: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'], additionalProperties: false },
  },
  required: ['object', 'id', 'provider', 'providerConfiguration', 'target', 'status', 'createdAt', 'createdBy', 'updatedAt', 'urls'],
  additionalProperties: false,
} as const;
export type GitSyncInstallationJson = FromSchema<typeof gitSyncInstallation>;

/**
 * `POST /internal/git-installations` (content, asked by sites on behalf of the caller): the spaces of a site, and
 * the site (its own installation and the ones it manages).
 */
export const gitInstallationsOfSpacesBody = {
  type: 'object',
  properties: { spaces: { type: 'array', items: id, maxItems: 1000 }, siteId: id },
  required: ['spaces'],
  additionalProperties: false,
} as const;

/** Its answer: the installations of those spaces the caller may view. */
export const gitInstallationsResponse = {
  type: 'object',
  properties: { items: { type: 'array', items: gitSyncInstallation } },
  required: ['items'],
  additionalProperties: false,
} as const;
export type GitInstallationsList = FromSchema<typeof gitInstallationsResponse>;
