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
