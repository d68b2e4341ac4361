export type OutboundErrorCode =
  | 'BAD_URL'
  | 'BLOCKED_ADDRESS'
  | 'TOO_LARGE'
  | 'TIMEOUT'
  | 'TOO_MANY_REDIRECTS'
  | 'BAD_STATUS'
  | 'NETWORK';

/** Every failure of an outbound request: `code` says which rule or condition stopped it. */
export class OutboundError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}
