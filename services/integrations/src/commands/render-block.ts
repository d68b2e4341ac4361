import { newId } from '@dp/db';
import { HttpError, notFound } from '@dp/http';
import type { IntegrationBlockRender, IntegrationBlockRenderBody } from '@dp/contracts';
import type { IntegrationsContext } from '../context';
import { findInstallationAmong } from '../data/installations';
import { findIntegrationByName } from '../data/integrations';
import { findBinding } from '../data/target-installations';
import { isObject } from '../domain/render-output';
import { maxAgeOf } from '../domain/block-cache';
import { callIntegration } from '../delivery/call-integration';
import type { IntegrationRuntime } from '../delivery/integration-runtime';
import { renderAnswer } from './render-ui';

/**
 * An integration block of a page (docs/adr/0094), rendered for its readers: a `ui_render` event with the block's
 * props in a read-only `document` context goes to the integration installed on the page's organization, and on
 * its space (all spaces, or the space bound). Nobody is signed in: readers are not members. Not installed there:
 * a 404 (the block shows its text); an integration that fails: a 502 that says so.
 */
export async function renderIntegrationBlock(ctx: IntegrationsContext, runtime: IntegrationRuntime, name: string, body: IntegrationBlockRenderBody): Promise<IntegrationBlockRender> {
  const integration = await findIntegrationByName(ctx.db, name);
  const installation = integration && (await findInstallationAmong(ctx.db, integration.id, [body.organizationId]));
  const onSpace = installation && (installation.space_selection === 'all' || (await findBinding(ctx.db, installation.id, 'space', body.spaceId)) !== undefined);
  if (!integration || !installation || !onSpace) throw notFound(`Installation of integration ${name} on space ${body.spaceId}`);
  const context = { type: 'document', theme: 'light', spaceId: body.spaceId, editable: false };
  const event = { eventId: newId(), type: 'ui_render', installationId: installation.id, spaceId: body.spaceId, componentId: body.blockId, props: body.props, context };
  const { target, result } = await callIntegration(ctx.db, runtime, integration, installation, event);
  const output = renderAnswer(name, result);
  if (!isObject(output.element)) throw new HttpError(502, `Integration ${name} answered the render of block ${body.blockId} without an element`);
  ctx.log.info({ integration: name, blockId: body.blockId, spaceId: body.spaceId, target: target.kind }, 'integration block rendered');
  return { element: output.element, maxAgeSeconds: maxAgeOf(result.answered ? result.cacheControl : undefined) };
}
