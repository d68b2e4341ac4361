import { requireUser, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { HttpError, notFound } from '@dp/http';
import type { IntegrationsContext } from '../context';
import { findInstallationAmong } from '../data/installations';
import { isObject, renderOutputProblem } from '../domain/render-output';
import { callIntegration } from '../delivery/call-integration';
import type { IntegrationRuntime } from '../delivery/integration-runtime';
import type { CallResult } from '../delivery/dispatcher';
import { loadVisibleIntegration } from '../queries/load-integration';
import type { RenderRequest } from '../schemas/render';

export interface RenderOutput {
  output: Record<string, unknown>;
  cacheControl: string | undefined;
}

/**
 * Renders an integration's UI (docs/adr/0043): a `ui_render` event about the caller's installation (on the
 * organization the context names, else the first of theirs it is installed on) goes to the integration's
 * script or development tunnel, synchronously, and its ContentKit output is the answer. An integration that
 * fails, times out or answers something else is a 502 that says so.
 */
export async function renderIntegrationUI(ctx: IntegrationsContext, runtime: IntegrationRuntime, caller: Caller, name: string, request: RenderRequest): Promise<RenderOutput> {
  const userId = requireUser(caller);
  const integration = await loadVisibleIntegration(ctx.db, caller, name);
  const organizations = request.context.organizationId ? [request.context.organizationId].filter((org) => caller.memberships[org]) : Object.keys(caller.memberships);
  const installation = organizations.length ? await findInstallationAmong(ctx.db, integration.id, organizations) : undefined;
  if (!installation) throw notFound(`Installation of integration ${name} on an organization of yours`);
  const { context } = request;
  const event = {
    eventId: newId(),
    type: 'ui_render',
    installationId: installation.id,
    ...(context.spaceId ? { spaceId: context.spaceId } : {}),
    ...(context.siteId ? { siteId: context.siteId } : {}),
    auth: { userId },
    componentId: request.componentId,
    props: request.props,
    ...(request.state ? { state: request.state } : {}),
    context,
    ...(request.action ? { action: request.action } : {}),
  };
  const { target, result } = await callIntegration(ctx.db, runtime, integration, installation, event);
  const output = renderAnswer(name, result);
  ctx.log.info({ integration: name, componentId: request.componentId, target: target.kind }, 'integration UI rendered');
  return { output, cacheControl: result.answered ? result.cacheControl : undefined };
}

/** What an integration answered a render with: its ContentKit render output, or a 502 that says what went wrong. */
export function renderAnswer(name: string, result: CallResult): Record<string, unknown> {
  if (!result.answered) throw new HttpError(502, `Integration ${name} did not render: ${result.message}`);
  const text = result.body.toString('utf8');
  if (result.status < 200 || result.status > 299) throw new HttpError(502, `Integration ${name} answered the render with HTTP ${result.status}: ${text.slice(0, 300)}`);
  let output: unknown;
  try {
    output = JSON.parse(text);
  } catch {
    throw new HttpError(502, `Integration ${name} answered the render with something that is not JSON`);
  }
  const problem = renderOutputProblem(output);
  if (problem || !isObject(output)) throw new HttpError(502, `Integration ${name} answered the render with ${problem}`);
  return output;
}
