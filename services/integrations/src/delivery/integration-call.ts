/**
 * The request an integration receives, as GitBook's runtime (`@gitbook/runtime`'s `createIntegration`) reads
 * it: a POST to `/v1` whose multipart form has `event` (the Event, JSON) and `environment` (the
 * IntegrationEnvironment, JSON), and `fetch-body` for a forwarded request's body. Encoded once per attempt.
 */
export interface IntegrationCall {
  event: object;
  environment: object;
}

export interface EncodedCall {
  body: Buffer;
  contentType: string;
}

export async function encodeCall(call: IntegrationCall): Promise<EncodedCall> {
  const form = new FormData();
  form.set('event', JSON.stringify(call.event));
  form.set('environment', JSON.stringify(call.environment));
  // The platform's own multipart encoder: the boundary comes with the content type.
  const encoded = new Request('http://integration.invalid/v1', { method: 'POST', body: form });
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? 'multipart/form-data' };
}
