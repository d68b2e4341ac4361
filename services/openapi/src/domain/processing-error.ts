import { OutboundError } from '@dp/outbound';

/** The official OpenAPISpecProcessingErrorCode. */
export type ProcessingErrorCode = 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR';

/** A file of the spec that may not be fetched (a local path, over the count or byte bound). */
export class SpecFetchRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpecFetchRefused';
  }
}

/** A spec past one of the limits on what parsing and validating it may cost (docs/adr/0058): its message names the limit. */
export class SpecLimitExceeded extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpecLimitExceeded';
  }
}

export interface ProcessingFailure {
  code: ProcessingErrorCode;
  message: string;
}

/**
 * What a failed processing run records. `fetchFailure` is the first failure of the spec's fetcher, if any:
 * the parser wraps what a resolver throws, so the fetcher's own error is the one that says why. Pure, unit-tested.
 */
export function processingFailureOf(err: unknown, fetchFailure?: unknown): ProcessingFailure {
  const cause = fetchFailure ?? err;
  if (cause instanceof OutboundError) return { code: cause.code === 'TIMEOUT' ? 'FETCH_TIMEOUT' : 'FETCH_ERROR', message: cause.message };
  if (cause instanceof SpecFetchRefused) return { code: 'FETCH_ERROR', message: cause.message };
  const message = cause instanceof Error ? cause.message : String(cause);
  return { code: 'PARSE_ERROR', message: message.slice(0, 2000) };
}
