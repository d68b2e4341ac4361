import type { Caller } from '@dp/auth';
import { badRequest } from '@dp/http';
import type { IntegrationsContext } from '../context';
import { setDevelopmentMode } from '../data/integrations';
import { tunnelUrlProblem } from '../domain/integration-rules';
import { loadVisibleIntegration, requireOwnerAdmin } from '../queries/load-integration';

/**
 * Development mode (docs/adr/0043): the integration's calls go to `tunnelUrl` instead of its script, those
 * about its own organization only unless `all`; null ends it. Admins of the owning organization only.
 */
export async function changeDevelopmentMode(ctx: IntegrationsContext, caller: Caller, name: string, tunnel: { url: string; all: boolean } | null): Promise<void> {
  const integration = await loadVisibleIntegration(ctx.db, caller, name);
  requireOwnerAdmin(integration, caller, 'change its development mode');
  const problem = tunnel && tunnelUrlProblem(tunnel.url);
  if (problem) throw badRequest(`body.tunnelUrl ${problem}`);
  await setDevelopmentMode(ctx.db, integration.id, tunnel);
  ctx.log.info({ integration: name, tunnel: tunnel?.url ?? null, all: tunnel?.all ?? false }, tunnel ? 'integration development mode on' : 'integration development mode off');
}
