import type { Caller } from '@dp/auth';
import { badRequest } from '@dp/http';
import type { ContentContext } from '../context';
import { findTemplate, type SpaceTemplate } from '../domain/templates/catalog';
import { templateChanges } from '../domain/templates/template-changes';
import { authorChangeRequest } from './author-change-request';
import { authorLiveContent } from './author-live-content';

export function templateOrFail(id: string, field = 'body.id'): SpaceTemplate {
  const template = findTemplate(id);
  if (!template) throw badRequest(`${field}: template "${id}" does not exist`);
  return template;
}

/**
 * Applies a template to a space: its pages are added after those already there, as one new revision of the
 * live content, or of the change request named by `changeRequestId` (official `applyTemplateToSpace`).
 */
export async function applyTemplate(ctx: ContentContext, caller: Caller, spaceId: string, input: { id: string; changeRequestId?: string }): Promise<void> {
  const changes = templateChanges(templateOrFail(input.id));
  if (input.changeRequestId) await authorChangeRequest(ctx, caller, spaceId, input.changeRequestId, changes);
  else await authorLiveContent(ctx, caller, spaceId, changes);
}
