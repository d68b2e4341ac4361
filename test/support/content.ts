import type { ApiResponse } from '@dp/testing';
import { bootStack, type TestStack } from './stack';

export interface ContentStack {
  stack: TestStack;
  /** The owner's API token, admin of `orgId`. */
  token: string;
  orgId: string;
  call(method: string, path: string, body?: unknown): Promise<ApiResponse>;
  /** Authors a change request with the official `{changes}` body (`?compat=false`: the official answer). */
  author(spaceId: string, cr: string, changes: object[]): Promise<ApiResponse>;
  /** A page of a change request in `format`. */
  pageIn(spaceId: string, cr: string, pageId: string, format: 'markdown' | 'document'): Promise<ApiResponse>;
}

/** A stack (api processes only) with one user who owns one organization, and the content calls they make. */
export async function bootContentStack(label: string): Promise<ContentStack> {
  const stack = await bootStack(label, { withWorkers: false });
  const token = (await stack.newUser('owner')).token;
  const orgId = (await stack.newOrg(token)).id;
  const call: ContentStack['call'] = (method, path, body) => stack.call(method, path, { token, body });
  return {
    stack,
    token,
    orgId,
    call,
    author: (spaceId, cr, changes) => call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/content?compat=false`, { changes }),
    pageIn: (spaceId, cr, pageId, format) => call('GET', `/v1/spaces/${spaceId}/change-requests/${cr}/content/page/${pageId}?format=${format}`),
  };
}
