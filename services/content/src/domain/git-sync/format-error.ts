/** A repository that is not in GitBook's format, or past a limit: the import refuses it with this message. */
export class GitSyncFormatError extends Error {}

/** What a repository may hold, so that a hostile one costs bounded time and memory to read. */
export const REPOSITORY_LIMITS = {
  /** Entries of SUMMARY.md (pages and groups). */
  entries: 10_000,
  /** Nesting of SUMMARY.md's lists. */
  depth: 20,
  /** Bytes of SUMMARY.md and of .gitbook.yaml. */
  indexBytes: 1_000_000,
  /** Redirects of .gitbook.yaml. */
  redirects: 5_000,
  /** Characters of a path. */
  pathLength: 1_000,
} as const;
