/** The official bodies of POST /spaces/{spaceId}/git/import and /git/export (ImportGitRepository, ExportToGitRepository). */
const common = {
  url: { type: 'string', minLength: 1, maxLength: 2048 },
  ref: { type: 'string', minLength: 1, maxLength: 300 },
  repoCacheID: { type: 'string', maxLength: 300 },
  repoTreeURL: { type: 'string', format: 'uri', maxLength: 2048 },
  repoCommitURL: { type: 'string', format: 'uri', maxLength: 2048 },
  repoProjectDirectory: { type: 'string', maxLength: 1000 },
  // Accepted as the official body has it; runs of a space happen in the order asked whatever it says.
  timestamp: { type: 'string', maxLength: 100 },
  force: { type: 'boolean' },
  standalone: { type: 'boolean' },
  gitInfo: {
    type: 'object',
    properties: { provider: { type: 'string', enum: ['github', 'gitlab'] }, url: { type: 'string', format: 'uri', maxLength: 2048 } },
    additionalProperties: false,
  },
} as const;

export const importGitRepositoryBody = {
  type: 'object',
  required: ['url', 'ref'],
  properties: common,
  additionalProperties: false,
} as const;

export const exportToGitRepositoryBody = {
  type: 'object',
  required: ['url', 'ref', 'commitMessage'],
  properties: { ...common, commitMessage: { type: 'string', maxLength: 10_000 } },
  additionalProperties: false,
} as const;

const branchRef = { type: 'string', pattern: '^refs/heads/.+$', maxLength: 300 } as const;

/** POST /git/installations (official): a provider on a space (a site's installation is not supported yet). */
export const createInstallationBody = {
  type: 'object',
  required: ['provider', 'target'],
  properties: {
    provider: { type: 'string', enum: ['github', 'gitlab'] },
    target: {
      type: 'object',
      required: ['type'],
      properties: { type: { type: 'string', enum: ['space', 'site'] }, spaceId: { type: 'string', minLength: 1, maxLength: 100 }, siteId: { type: 'string', minLength: 1, maxLength: 100 } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;

/**
 * PATCH /git/installations/{id} (official GitSyncInstallationSetup): the repository and branch through the
 * provider's configuration, and the common settings. A GitHub configuration may carry an `accessToken` as GitLab's
 * does (a self-hosted deployment has no GitHub App of GitBook's); it is sealed and never shown.
 */
export const updateInstallationBody = {
  type: 'object',
  required: ['provider', 'providerConfiguration'],
  properties: {
    provider: { type: 'string', enum: ['github', 'gitlab'] },
    providerConfiguration: {
      type: 'object',
      properties: {
        repositoryId: { type: 'number', minimum: 1 },
        projectId: { type: 'number', minimum: 1 },
        branch: branchRef,
        accessToken: { type: 'string', minLength: 1, maxLength: 1000 },
        customInstanceURL: { type: ['string', 'null'], format: 'uri', maxLength: 2048 },
      },
      additionalProperties: false,
    },
    projectDirectory: { type: 'string', maxLength: 1000 },
    commitMessageTemplate: { type: 'string', maxLength: 1000 },
    previewExternalBranches: { type: 'boolean' },
    agentInstructions: { type: 'array', maxItems: 2, items: { type: 'string', enum: ['agents', 'claude'] } },
    priority: { type: 'string', enum: ['git', 'gitbook'] },
    childInstallationProjectDirectories: { type: 'object', maxProperties: 0 },
  },
  additionalProperties: false,
} as const;

export const installationParams = {
  type: 'object',
  required: ['installationId'],
  properties: { installationId: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

export const githubRepoParams = {
  type: 'object',
  required: ['installationId', 'accountName', 'repositoryName'],
  properties: { installationId: { type: 'string', maxLength: 100 }, accountName: { type: 'string', minLength: 1, maxLength: 100 }, repositoryName: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

export const gitlabProjectParams = {
  type: 'object',
  required: ['installationId', 'projectId'],
  properties: { installationId: { type: 'string', maxLength: 100 }, projectId: { type: 'string', pattern: '^[0-9]{1,18}$' } },
} as const;

export const repositoryFileQuery = {
  type: 'object',
  required: ['path'],
  properties: { path: { type: 'string', minLength: 1, maxLength: 1000 }, ref: { type: 'string', maxLength: 300 } },
} as const;
