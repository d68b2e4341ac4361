import type { OnBehalfOf, ServiceRequest } from '@dp/http';
import type { SourceSpace, SpaceAnswer } from '../domain/translation';

/**
 * The content service's API, asked on the caller's behalf (their assertion travels along, so content
 * authorizes exactly as for the gateway). Unreachable or failing: a 503 HttpError.
 */
export function contentClient(request: ServiceRequest) {
  return {
    async getSpace(spaceId: string, on: OnBehalfOf): Promise<SpaceAnswer> {
      const res = await request<SourceSpace>('GET', `/v1/spaces/${encodeURIComponent(spaceId)}`, on);
      return { status: res.status, ...(res.status === 200 ? { space: res.body } : {}) };
    },
  };
}

export type ContentClient = ReturnType<typeof contentClient>;
