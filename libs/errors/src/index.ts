/**
 * The one error type services throw; the error middleware maps it to `{"error": {"code", "message"}}`, plus
 * `details` when a refusal carries what the client needs next (a SAML link code, docs/adr/0056).
 */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly details?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'A valid API token is required: send "Authorization: Bearer <token>"') =>
  new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);

export function errorBody(status: number, message: string, details?: Readonly<Record<string, string>>) {
  return { error: { ...details, code: status, message } };
}
