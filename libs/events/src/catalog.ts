import Ajv, { type ValidateFunction } from 'ajv';
import { mergeRulesSpaceSchema, mergeRulesStandaloneSchema } from '@dp/contracts';
import { ROLES } from '@dp/roles';
import { envelope, type CloudEvent } from './envelope';

/**
 * The event catalog: every type is defined once, here, with its publisher and the JSON Schema of its data.
 * It is a public contract between services: change it additively only.
 */
/** The gateway's own: its replicas tell each other they are alive (docs/adr/0055); no service consumes them. */
export const GatewayEvents = {
  REPLICA_ALIVE: 'gateway.replica.alive',
} as const;

export const IdentityEvents = {
  USER_CREATED: 'identity.user.created',
  ORGANIZATION_CREATED: 'identity.organization.created',
  ORGANIZATION_UPDATED: 'identity.organization.updated',
  MEMBER_ADDED: 'identity.member.added',
  MEMBER_UPDATED: 'identity.member.updated',
  MEMBER_REMOVED: 'identity.member.removed',
  TEAM_CREATED: 'identity.team.created',
  TEAM_UPDATED: 'identity.team.updated',
  TEAM_DELETED: 'identity.team.deleted',
  TEAM_MEMBER_ADDED: 'identity.team-member.added',
  TEAM_MEMBER_UPDATED: 'identity.team-member.updated',
  TEAM_MEMBER_REMOVED: 'identity.team-member.removed',
  SAML_PROVIDER_CREATED: 'identity.saml-provider.created',
  SAML_PROVIDER_UPDATED: 'identity.saml-provider.updated',
  SAML_PROVIDER_DELETED: 'identity.saml-provider.deleted',
  TOKEN_REVOKED: 'identity.token.revoked',
} as const;

export const ContentEvents = {
  SPACE_CREATED: 'content.space.created',
  SPACE_UPDATED: 'content.space.updated',
  SPACE_DELETED: 'content.space.deleted',
  SPACE_RESTORED: 'content.space.restored',
  SPACE_PURGED: 'content.space.purged',
  COLLECTION_CREATED: 'content.collection.created',
  COLLECTION_UPDATED: 'content.collection.updated',
  COLLECTION_DELETED: 'content.collection.deleted',
  CHANGE_REQUEST_CREATED: 'content.change-request.created',
  CHANGE_REQUEST_UPDATED: 'content.change-request.updated',
  CHANGE_REQUEST_MERGED: 'content.change-request.merged',
  CHANGE_REQUEST_REVIEW_SUBMITTED: 'content.change-request.review-submitted',
  CHANGE_REQUEST_REVIEWERS_REQUESTED: 'content.change-request.reviewers-requested',
  CHANGE_REQUEST_REVIEWER_REMOVED: 'content.change-request.reviewer-removed',
  REVISION_CREATED: 'content.revision.created',
  COMMENT_CREATED: 'content.comment.created',
  SPACE_PERMISSION_UPDATED: 'content.space-permission.updated',
  COLLECTION_PERMISSION_UPDATED: 'content.collection-permission.updated',
  SPACE_TEAM_PERMISSION_UPDATED: 'content.space-team-permission.updated',
  COLLECTION_TEAM_PERMISSION_UPDATED: 'content.collection-team-permission.updated',
  GIT_SYNC_STARTED: 'content.git-sync.started',
  GIT_SYNC_COMPLETED: 'content.git-sync.completed',
  GIT_SYNC_SITE_STRUCTURE_READ: 'content.git-sync.site-structure-read',
  SPACE_TRANSLATIONS_UPDATED: 'content.space-translations.updated',
} as const;

export const SitesEvents = {
  SITE_CREATED: 'sites.site.created',
  SITE_UPDATED: 'sites.site.updated',
  SITE_DELETED: 'sites.site.deleted',
  SITE_PUBLISHED: 'sites.site.published',
  SITE_UNPUBLISHED: 'sites.site.unpublished',
  SITE_SECTION_CREATED: 'sites.site-section.created',
  SITE_SECTION_UPDATED: 'sites.site-section.updated',
  SITE_SECTION_DELETED: 'sites.site-section.deleted',
  SITE_SECTION_GROUP_CREATED: 'sites.site-section-group.created',
  SITE_SECTION_GROUP_UPDATED: 'sites.site-section-group.updated',
  SITE_SECTION_GROUP_DELETED: 'sites.site-section-group.deleted',
  SITE_SPACE_CREATED: 'sites.site-space.created',
  SITE_SPACE_UPDATED: 'sites.site-space.updated',
  SITE_SPACE_DELETED: 'sites.site-space.deleted',
  SITE_PERMISSION_UPDATED: 'sites.site-permission.updated',
  SITE_TEAM_PERMISSION_UPDATED: 'sites.site-team-permission.updated',
} as const;

export const OpenApiEvents = {
  SPEC_CREATED: 'openapi.spec.created',
  SPEC_DELETED: 'openapi.spec.deleted',
  SPEC_PROCESSING_REQUESTED: 'openapi.spec.processing-requested',
  SPEC_VERSION_CREATED: 'openapi.spec.version-created',
} as const;

export const IntegrationsEvents = {
  INTEGRATION_PUBLISHED: 'integrations.integration.published',
  INTEGRATION_DELETED: 'integrations.integration.deleted',
  INSTALLATION_CREATED: 'integrations.installation.created',
} as const;

export const TranslationsEvents = {
  TRANSLATION_CREATED: 'translations.translation.created',
  TRANSLATION_DELETED: 'translations.translation.deleted',
  TRANSLATION_RUN_REQUESTED: 'translations.translation.run-requested',
  TRANSLATION_COMPLETED: 'translations.translation.completed',
} as const;

/**
 * The JSON Schema subset event data is written in, and the TypeScript type each schema stands for. The
 * catalog derives its types with this small mapper rather than json-schema-to-ts's FromSchema: FromSchema
 * covers all of JSON Schema, and behind the generic `emit` it exceeds the compiler's instantiation depth.
 * Properties not listed in `required` are optional; unknown fields are tolerated at run time, not typed.
 */
export type EventSchema =
  | { readonly type: 'object'; readonly properties: Readonly<Record<string, EventSchema>>; readonly required?: readonly string[]; readonly additionalProperties?: boolean }
  | { readonly type: 'array'; readonly items: EventSchema }
  | { readonly enum: readonly unknown[] }
  | { readonly const: unknown }
  | { readonly oneOf: readonly EventSchema[] }
  | { readonly type: Primitive | readonly Primitive[] };
type Primitive = 'string' | 'integer' | 'number' | 'boolean' | 'null';
type PrimitiveOf<T> = T extends 'string' ? string : T extends 'integer' | 'number' ? number : T extends 'boolean' ? boolean : T extends 'null' ? null : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type ObjectOf<P, R extends PropertyKey> = Simplify<{ -readonly [K in keyof P & R]: DataOf<P[K]> } & { -readonly [K in Exclude<keyof P, R>]?: DataOf<P[K]> }>;
export type DataOf<S> = S extends { enum: readonly (infer E)[] }
  ? E
  : S extends { const: infer C }
    ? C
    : S extends { oneOf: readonly (infer O)[] }
      ? DataOf<O>
      : S extends { type: 'object'; properties: infer P }
        ? ObjectOf<P, S extends { required: readonly (infer R extends PropertyKey)[] } ? R : never>
        : S extends { type: 'array'; items: infer I }
          ? DataOf<I>[]
          : S extends { type: readonly (infer T)[] }
            ? PrimitiveOf<T>
            : S extends { type: infer T }
              ? PrimitiveOf<T>
              : never;

const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
// A member's role from the one role list (libs/roles), null for a guest (an SSO provider or an invite link whose
// default role is null); no `type` beside the enum, which keeps the derived type cheap to compute.
const roleOrGuest = { enum: [...ROLES, null] } as const;
const teamRole = { enum: ['owner', 'member'] } as const;

/**
 * An open object schema (consumers ignore fields they do not know, so the catalog can grow additively), typed
 * literally so that `DataOf` derives the data type from it; every property is required unless listed.
 */
function object<const P extends Record<string, EventSchema>>(properties: P): OpenObject<P, (keyof P & string)[]>;
function object<const P extends Record<string, EventSchema>, const R extends readonly (keyof P & string)[]>(properties: P, required: R): OpenObject<P, R>;
function object(properties: Record<string, EventSchema>, required: readonly string[] = Object.keys(properties)) {
  return { type: 'object', properties, required, additionalProperties: true } as const;
}
type OpenObject<P, R> = { readonly type: 'object'; readonly properties: P; readonly required: R; readonly additionalProperties: true };

/** Snapshot of a space carried by content.space.* events, enough for other contexts to keep a local copy. */
export const spaceSnapshotSchema = object(
  {
    id: str,
    organization: str,
    title: str,
    emoji: nullableStr,
    visibility: str,
    editMode: str,
    parent: nullableStr,
    // The official DefaultLevel: a role, 'inherit', or null for no access (docs/adr/0101); absent: 'inherit'.
    defaultLevel: nullableStr,
    revision: str,
    createdAt: str,
    updatedAt: str,
    deletedAt: nullableStr,
    // The official MergeRulesSpaceConfiguration; absent from snapshots emitted before spaces had rules: inherit.
    mergeRules: mergeRulesSpaceSchema,
    // The official Space.language (a TranslationLanguage), null: none; absent from snapshots emitted before spaces had one.
    language: nullableStr,
    // Bumped by content with every snapshot of the space it emits: consumers apply only a strictly newer one (ADR 0029).
    version: { type: 'integer', minimum: 1 },
    counts: {
      type: 'object',
      properties: { comments: { type: 'integer' }, changeRequests: { type: 'integer' }, changeRequestsOpen: { type: 'integer' }, changeRequestsDraft: { type: 'integer' } },
    },
  },
  ['id', 'organization', 'title', 'visibility', 'revision', 'createdAt', 'updatedAt'],
);

/** A space as content.space.* events carry it (the type is the schema's). */
export type SpaceSnapshot = DataOf<typeof spaceSnapshotSchema>;
/** Counters of a space, when an event carries them. */
export type SpaceCounts = NonNullable<SpaceSnapshot['counts']>;

/** Snapshot of a collection carried by content.collection.* events. */
export const collectionSnapshotSchema = object(
  {
    id: str,
    organization: str,
    title: str,
    description: nullableStr,
    parent: nullableStr,
    defaultLevel: nullableStr,
    createdAt: str,
    updatedAt: str,
  },
  ['id', 'organization', 'title', 'parent', 'createdAt', 'updatedAt'],
);

/** A collection as content.collection.* events carry it (the type is the schema's). */
export type CollectionSnapshot = DataOf<typeof collectionSnapshotSchema>;

export interface EventDefinition {
  publisher: string;
  description: string;
  data: EventSchema;
}

export const eventCatalog = {
  [IdentityEvents.USER_CREATED]: {
    publisher: 'identity',
    description: 'A user account was created by staff',
    data: object({ userId: str, email: str, displayName: str }),
  },
  [IdentityEvents.ORGANIZATION_CREATED]: {
    publisher: 'identity',
    description: 'An organization was created; its creator is its first admin',
    data: object({ organizationId: str, title: str, createdBy: str }),
  },
  [IdentityEvents.ORGANIZATION_UPDATED]: {
    publisher: 'identity',
    description: 'Organization settings changed; the event carries its title and merge rules as they now are (`changed` says which fields the update set)',
    // mergeRules: absent from events published before organizations had them.
    data: object({ organizationId: str, title: str, mergeRules: mergeRulesStandaloneSchema, changed: { type: 'array', items: str } }, ['organizationId', 'title', 'changed']),
  },
  [IdentityEvents.MEMBER_ADDED]: {
    publisher: 'identity',
    description: 'A user joined an organization with a role (null: a guest); `sso` when a SAML sign-in provisioned them',
    data: object({ organizationId: str, userId: str, role: roleOrGuest, sso: { type: 'boolean' } }, ['organizationId', 'userId', 'role']),
  },
  [IdentityEvents.MEMBER_UPDATED]: {
    publisher: 'identity',
    description: "A member's role changed (null: a guest)",
    data: object({ organizationId: str, userId: str, role: roleOrGuest, previousRole: roleOrGuest }),
  },
  [IdentityEvents.MEMBER_REMOVED]: {
    publisher: 'identity',
    description: 'A user left or was removed from an organization',
    data: object({ organizationId: str, userId: str }),
  },
  [IdentityEvents.TEAM_CREATED]: {
    publisher: 'identity',
    description: 'A team was created in an organization',
    data: object({ organizationId: str, teamId: str, title: str }),
  },
  [IdentityEvents.TEAM_UPDATED]: {
    publisher: 'identity',
    description: 'A team was renamed',
    data: object({ organizationId: str, teamId: str, title: str }),
  },
  [IdentityEvents.TEAM_DELETED]: {
    publisher: 'identity',
    description: 'A team was deleted (its memberships went with it)',
    data: object({ organizationId: str, teamId: str }),
  },
  [IdentityEvents.TEAM_MEMBER_ADDED]: {
    publisher: 'identity',
    description: 'An organization member joined a team',
    data: object({ organizationId: str, teamId: str, userId: str, role: teamRole }),
  },
  [IdentityEvents.TEAM_MEMBER_UPDATED]: {
    publisher: 'identity',
    description: "A team member's role in the team changed",
    data: object({ organizationId: str, teamId: str, userId: str, role: teamRole, previousRole: teamRole }),
  },
  [IdentityEvents.TEAM_MEMBER_REMOVED]: {
    publisher: 'identity',
    description: 'A user left a team, was removed from it, or left the organization',
    data: object({ organizationId: str, teamId: str, userId: str }),
  },
  [IdentityEvents.SAML_PROVIDER_CREATED]: {
    publisher: 'identity',
    description: 'A SAML identity provider was configured for an organization',
    data: object({ organizationId: str, samlProviderId: str, label: str }),
  },
  [IdentityEvents.SAML_PROVIDER_UPDATED]: {
    publisher: 'identity',
    description: 'A SAML identity provider was changed',
    data: object({ organizationId: str, samlProviderId: str, label: str, changed: { type: 'array', items: str } }),
  },
  [IdentityEvents.SAML_PROVIDER_DELETED]: {
    publisher: 'identity',
    description: 'A SAML identity provider was removed; sign-ins started with it can no longer finish',
    data: object({ organizationId: str, samlProviderId: str }),
  },
  [IdentityEvents.TOKEN_REVOKED]: {
    publisher: 'identity',
    description: 'An API token was revoked by its owner or by staff; the gateway forgets it at once',
    data: object({ tokenId: str, userId: str, revokedBy: nullableStr }),
  },
  [ContentEvents.SPACE_CREATED]: {
    publisher: 'content',
    description: 'A space was created',
    data: object({ space: spaceSnapshotSchema }),
  },
  [ContentEvents.SPACE_UPDATED]: {
    publisher: 'content',
    description: 'A space’s snapshot changed: settings (title, emoji, edit mode, level, ...), live revision or counters (open comments)',
    data: object({ space: spaceSnapshotSchema }),
  },
  [ContentEvents.SPACE_DELETED]: {
    publisher: 'content',
    description: 'A space was deleted (restorable within the restore window)',
    data: object({ space: spaceSnapshotSchema }),
  },
  [ContentEvents.SPACE_RESTORED]: {
    publisher: 'content',
    description: 'A deleted space was restored',
    data: object({ space: spaceSnapshotSchema }),
  },
  [ContentEvents.SPACE_PURGED]: {
    publisher: 'content',
    description: 'A deleted space passed its restore window and was removed for good',
    data: object({ spaceId: str, organizationId: str }),
  },
  [ContentEvents.COLLECTION_CREATED]: {
    publisher: 'content',
    description: 'A collection was created',
    data: object({ collection: collectionSnapshotSchema }),
  },
  [ContentEvents.COLLECTION_UPDATED]: {
    publisher: 'content',
    description: 'A collection changed: settings, place in the tree (move) or organization (transfer)',
    data: object({ collection: collectionSnapshotSchema }),
  },
  [ContentEvents.COLLECTION_DELETED]: {
    publisher: 'content',
    description: 'An empty collection was deleted',
    data: object({ collection: collectionSnapshotSchema }),
  },
  [ContentEvents.CHANGE_REQUEST_CREATED]: {
    publisher: 'content',
    description: 'A change request was opened on a space',
    data: object({ changeRequestId: str, spaceId: str, organizationId: str, number: { type: 'integer' }, subject: str, createdBy: str }),
  },
  [ContentEvents.CHANGE_REQUEST_UPDATED]: {
    publisher: 'content',
    description: 'A change request changed: subject or status edited, content authored, or updated from main',
    data: object({ changeRequestId: str, spaceId: str, organizationId: str, status: str, changed: { type: 'array', items: str } }),
  },
  [ContentEvents.CHANGE_REQUEST_REVIEW_SUBMITTED]: {
    publisher: 'content',
    description: 'A review of a change request was submitted: approved or changes requested (issue 26)',
    data: object({ changeRequestId: str, spaceId: str, organizationId: str, reviewId: str, reviewer: str, status: { enum: ['approved', 'changes-requested'] } }),
  },
  [ContentEvents.CHANGE_REQUEST_REVIEWERS_REQUESTED]: {
    publisher: 'content',
    description: 'Users were asked to review a change request (asking again outdates their earlier reviews)',
    data: object({ changeRequestId: str, spaceId: str, organizationId: str, users: { type: 'array', items: str }, requestedBy: str }),
  },
  [ContentEvents.CHANGE_REQUEST_REVIEWER_REMOVED]: {
    publisher: 'content',
    description: 'A request for a user to review a change request was withdrawn',
    data: object({ changeRequestId: str, spaceId: str, organizationId: str, userId: str }),
  },
  [ContentEvents.SPACE_TRANSLATIONS_UPDATED]: {
    publisher: 'content',
    description:
      'Which pages of these spaces are each other’s other languages changed (a translation’s page map kept, or a deleted translation forgotten): their meta links and published `hreflang` links follow',
    data: object({ translationId: str, organizationId: str, spaceIds: { type: 'array', items: str } }),
  },
  [ContentEvents.GIT_SYNC_STARTED]: {
    publisher: 'content',
    description: "A Git Sync run (an import from the space's repository or an export to it) started on a content worker",
    data: object({ runId: str, spaceId: str, organizationId: str, direction: { enum: ['import', 'export'] } }),
  },
  [ContentEvents.GIT_SYNC_COMPLETED]: {
    publisher: 'content',
    description:
      'A Git Sync run ended: `success` with the revision an import made (or the change request it opened when both sides had changed) or the commit an export pushed, else `failure` or `timeout` with why',
    data: object(
      {
        runId: str,
        spaceId: str,
        organizationId: str,
        direction: { enum: ['import', 'export'] },
        state: { enum: ['success', 'failure', 'timeout'] },
        revisionId: nullableStr,
        commitId: nullableStr,
        changeRequestId: nullableStr,
        error: nullableStr,
      },
      ['runId', 'spaceId', 'organizationId', 'direction', 'state', 'revisionId', 'commitId', 'changeRequestId', 'error'],
    ),
  },
  [ContentEvents.GIT_SYNC_SITE_STRUCTURE_READ]: {
    publisher: 'content',
    description:
      "A site's Git Sync installation read its `gitbook-docs.yaml` (docs/adr/0115): the site's title and structure, each node by its Git Sync key in reading order (`parentKey` its section or section group), each space node with the space content keeps for it; sites makes the site's keyed sections, section groups and site spaces match",
    data: object({
      siteId: str,
      organizationId: str,
      installationId: str,
      /** Who set the installation up: what the sync makes is theirs. */
      createdBy: str,
      title: str,
      nodes: {
        type: 'array',
        items: object(
          {
            type: { enum: ['section-group', 'section', 'space', 'external-link'] },
            key: str,
            parentKey: nullableStr,
            title: str,
            path: str,
            description: str,
            icon: str,
            default: { type: 'boolean' },
            hidden: { type: 'boolean' },
            spaceId: str,
            url: str,
          },
          ['type', 'key', 'parentKey', 'title'],
        ),
      },
      spaces: { type: 'array', items: spaceSnapshotSchema },
    }),
  },
  [ContentEvents.CHANGE_REQUEST_MERGED]: {
    publisher: 'content',
    description: 'A change request was merged into its space’s main content',
    data: object({ changeRequestId: str, spaceId: str, organizationId: str, revisionId: str, mergedBy: str }),
  },
  [ContentEvents.REVISION_CREATED]: {
    publisher: 'content',
    description: 'A new revision exists, on a change request or as the space’s live content',
    data: object({
      revisionId: str,
      spaceId: str,
      organizationId: str,
      changeRequestId: nullableStr,
      live: { type: 'boolean' },
      parents: { type: 'array', items: str },
      changedPages: { type: 'array', items: str },
    }),
  },
  [ContentEvents.COMMENT_CREATED]: {
    publisher: 'content',
    description: 'A comment was posted on a space’s live content or on a change request (replies are not comments)',
    data: object({ commentId: str, spaceId: str, organizationId: str, changeRequestId: nullableStr, postedBy: str }),
  },
  [ContentEvents.SPACE_PERMISSION_UPDATED]: {
    publisher: 'content',
    description: "A user's role on a space was granted or changed, or removed (role null; docs/adr/0096)",
    data: object({ spaceId: str, organizationId: str, userId: str, role: roleOrGuest }),
  },
  [ContentEvents.COLLECTION_PERMISSION_UPDATED]: {
    publisher: 'content',
    description: "A user's role on a collection (and what it holds) was granted or changed, or removed (role null; docs/adr/0096)",
    data: object({ collectionId: str, organizationId: str, userId: str, role: roleOrGuest }),
  },
  [ContentEvents.SPACE_TEAM_PERMISSION_UPDATED]: {
    publisher: 'content',
    description: "A team's role on a space was granted or changed, or removed (role null; docs/adr/0097)",
    data: object({ spaceId: str, organizationId: str, teamId: str, role: roleOrGuest }),
  },
  [ContentEvents.COLLECTION_TEAM_PERMISSION_UPDATED]: {
    publisher: 'content',
    description: "A team's role on a collection (and what it holds) was granted or changed, or removed (role null; docs/adr/0097)",
    data: object({ collectionId: str, organizationId: str, teamId: str, role: roleOrGuest }),
  },
  [SitesEvents.SITE_PERMISSION_UPDATED]: {
    publisher: 'sites',
    description: "A user's role on a site was granted or changed, or removed (role null; docs/adr/0098)",
    data: object({ siteId: str, organizationId: str, userId: str, role: roleOrGuest }),
  },
  [SitesEvents.SITE_TEAM_PERMISSION_UPDATED]: {
    publisher: 'sites',
    description: "A team's role on a site was granted or changed, or removed (role null; docs/adr/0098)",
    data: object({ siteId: str, organizationId: str, teamId: str, role: roleOrGuest }),
  },
  [SitesEvents.SITE_CREATED]: {
    publisher: 'sites',
    description: 'A docs site was created',
    data: object({ siteId: str, organizationId: str, title: str, visibility: str }),
  },
  [SitesEvents.SITE_UPDATED]: {
    publisher: 'sites',
    description: 'A site’s settings changed',
    data: object({ siteId: str, organizationId: str, title: str, visibility: str, changed: { type: 'array', items: str } }),
  },
  [SitesEvents.SITE_DELETED]: {
    publisher: 'sites',
    description: 'A site was deleted',
    data: object({ siteId: str, organizationId: str }),
  },
  [SitesEvents.SITE_PUBLISHED]: {
    publisher: 'sites',
    description: 'A site was published: reachable by the audience its visibility defines',
    data: object({ siteId: str, organizationId: str, title: str, visibility: str, siteSpaces: { type: 'array', items: str }, publishedBy: str }),
  },
  [SitesEvents.SITE_UNPUBLISHED]: {
    publisher: 'sites',
    description: 'A site was unpublished',
    data: object({ siteId: str, organizationId: str, unpublishedBy: str }),
  },
  [SitesEvents.SITE_SECTION_CREATED]: {
    publisher: 'sites',
    description: 'A site gained a section (also the default section made when a site gets its first one)',
    data: object({ siteSectionId: str, siteId: str, organizationId: str, title: str, path: str, default: { type: 'boolean' } }),
  },
  [SitesEvents.SITE_SECTION_UPDATED]: {
    publisher: 'sites',
    description: 'A section changed: its settings, its place, its group or whether it is the default (`changed` says which)',
    data: object({ siteSectionId: str, siteId: str, organizationId: str, changed: { type: 'array', items: str } }),
  },
  [SitesEvents.SITE_SECTION_DELETED]: {
    publisher: 'sites',
    description: 'A section left its site, with its site spaces (each announced by sites.site-space.deleted)',
    data: object({ siteSectionId: str, siteId: str, organizationId: str }),
  },
  [SitesEvents.SITE_SECTION_GROUP_CREATED]: {
    publisher: 'sites',
    description: 'A site gained a section group',
    data: object({ siteSectionGroupId: str, siteId: str, organizationId: str, title: str }),
  },
  [SitesEvents.SITE_SECTION_GROUP_UPDATED]: {
    publisher: 'sites',
    description: 'A section group changed: its settings or its place (`changed` says which)',
    data: object({ siteSectionGroupId: str, siteId: str, organizationId: str, changed: { type: 'array', items: str } }),
  },
  [SitesEvents.SITE_SECTION_GROUP_DELETED]: {
    publisher: 'sites',
    description: 'A section group was deleted; its sections went back to the site’s root',
    data: object({ siteSectionGroupId: str, siteId: str, organizationId: str }),
  },
  [SitesEvents.SITE_SPACE_CREATED]: {
    publisher: 'sites',
    description: 'A space was added to a site, in a section (`siteSectionId`) or at the root (null)',
    data: object({ siteSpaceId: str, siteId: str, organizationId: str, spaceId: str, siteSectionId: nullableStr }),
  },
  [SitesEvents.SITE_SPACE_UPDATED]: {
    publisher: 'sites',
    description: 'A site space changed: path, condition, content, place, section or default (`changed` says which)',
    data: object({ siteSpaceId: str, siteId: str, organizationId: str, spaceId: str, siteSectionId: nullableStr, changed: { type: 'array', items: str } }),
  },
  [SitesEvents.SITE_SPACE_DELETED]: {
    publisher: 'sites',
    description: 'A site space left its site: deleted, with its section, or because content deleted its space',
    data: object({ siteSpaceId: str, siteId: str, organizationId: str, spaceId: str, siteSectionId: nullableStr }),
  },
  [OpenApiEvents.SPEC_CREATED]: {
    publisher: 'openapi',
    description: 'An OpenAPI specification was added to an organization',
    // sourceURL only when the spec comes from a URL (not from text).
    data: object({ specId: str, organizationId: str, slug: str, sourceURL: str }, ['specId', 'organizationId', 'slug']),
  },
  [OpenApiEvents.SPEC_DELETED]: {
    publisher: 'openapi',
    description: 'An OpenAPI specification was deleted',
    data: object({ specId: str, organizationId: str, slug: str }),
  },
  [OpenApiEvents.SPEC_PROCESSING_REQUESTED]: {
    publisher: 'openapi',
    description: 'A spec’s source is to be fetched, parsed and validated (its own worker does it, docs/adr/0042)',
    data: object({ specId: str, organizationId: str }),
  },
  [OpenApiEvents.SPEC_VERSION_CREATED]: {
    publisher: 'openapi',
    description: 'Processing a spec found new content: a version was made and is now its latest',
    data: object({ specId: str, organizationId: str, slug: str, versionId: str }),
  },
  [IntegrationsEvents.INTEGRATION_PUBLISHED]: {
    publisher: 'integrations',
    description: 'An integration was published or updated',
    data: object({ integrationId: str, name: str, organizationId: str, version: { type: 'number' } }),
  },
  [IntegrationsEvents.INTEGRATION_DELETED]: {
    publisher: 'integrations',
    description: 'An integration was unpublished',
    data: object({ integrationId: str, name: str, organizationId: str }),
  },
  [IntegrationsEvents.INSTALLATION_CREATED]: {
    publisher: 'integrations',
    description: 'An integration was installed on an organization',
    data: object({ installationId: str, integrationId: str, organizationId: str }),
  },
  [TranslationsEvents.TRANSLATION_CREATED]: {
    publisher: 'translations',
    description: 'A translation of a space was requested',
    data: object({ translationId: str, organizationId: str, sourceSpaceId: str, language: str }),
  },
  [TranslationsEvents.TRANSLATION_DELETED]: {
    publisher: 'translations',
    description: 'A translation was deleted',
    data: object({ translationId: str, organizationId: str }),
  },
  [TranslationsEvents.TRANSLATION_RUN_REQUESTED]: {
    publisher: 'translations',
    description: 'A translation is to be run (created, run asked for, or its source space changed): the translations worker runs it',
    data: object({ translationId: str, organizationId: str }),
  },
  [TranslationsEvents.TRANSLATION_COMPLETED]: {
    publisher: 'translations',
    description: "A translation run wrote its result space: which page of the result translates which page of the source (at most TRANSLATIONS_MAX_PAGES), for content's meta links",
    data: object({
      translationId: str,
      organizationId: str,
      sourceSpaceId: str,
      sourceLanguage: str,
      resultSpaceId: str,
      language: str,
      pages: { type: 'array', items: object({ source: str, result: str }) },
    }),
  },
  [GatewayEvents.REPLICA_ALIVE]: {
    publisher: 'gateway',
    description: "A gateway replica is running (every `everyMs`, published straight to the broker, not through an outbox): the replicas count each other to share the deployment's rate limit",
    data: object({ replicaId: str, everyMs: { type: 'integer', minimum: 1 } }),
  },
} as const satisfies Record<string, EventDefinition>;

/** Every catalogued event type. */
export type EventType = keyof typeof eventCatalog;
/** The data of an event of type `T`, derived from its schema: producers and consumers compile against it. */
export type EventData<T extends EventType> = EventDataMap[T];
// Derived once per type, so generic code (emit, createEvent) indexes a map instead of re-deriving a union.
type EventDataMap = { [K in EventType]: DataOf<(typeof eventCatalog)[K]['data']> };
/** An event of a catalogued type, as a consumer receives it. */
export type CatalogEvent<T extends EventType> = CloudEvent<EventData<T>>;

export const eventTypes: EventType[] = Object.keys(eventCatalog).filter(isEventType);

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventCatalog, type);
}

const ajv = new Ajv({ allErrors: false, strict: false });
const validators = new Map<string, ValidateFunction>();

/** Builds an event of a catalogued type; data that breaks the contract is a programming error and throws. */
export function createEvent<T extends EventType>(type: T, data: NoInfer<EventData<T>>, opts: { source: string; subject?: string }): CatalogEvent<T>;
export function createEvent(type: EventType, data: unknown, opts: { source: string; subject?: string }): CloudEvent {
  return checkedEvent(type, data, opts);
}

/**
 * The envelope behind the typed entry points (createEvent, a service's `emit`), which check the data at
 * compile time; this checks it at run time against the same schema, for callers the compiler cannot see.
 */
export function checkedEvent(type: string, data: unknown, opts: { source: string; subject?: string }): CloudEvent {
  if (!isEventType(type)) throw new Error(`event type ${type} is not in the catalog`);
  const problem = schemaProblem(type, data);
  if (problem) throw new Error(`event ${type} data breaks its schema: ${problem}`);
  return envelope(type, data, opts);
}

/**
 * Whether `event` is of the catalogued `type` with data its schema accepts: narrows an event heard outside the
 * typed handlers of libs/bus (a broadcast subscription), without a cast.
 */
export function isCatalogEvent<T extends EventType>(event: CloudEvent, type: T): event is CatalogEvent<T> {
  return event.type === type && schemaProblem(type, event.data) === undefined;
}

/** Validates against the type's schema, compiled once; untyped on purpose (the caller's type is the schema's). */
function schemaProblem(type: EventType, data: unknown): string | undefined {
  let validate = validators.get(type);
  if (!validate) {
    const def: EventDefinition = eventCatalog[type];
    validate = ajv.compile<unknown>(def.data);
    validators.set(type, validate);
  }
  return validate(data) ? undefined : ajv.errorsText(validate.errors);
}
