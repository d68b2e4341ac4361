import type { StackClient } from './stack-client';

/**
 * An integration whose script renders a block (docs/adr/0094): `ui_render` answers a ContentKit element naming
 * the block's `service` prop; every other event is acknowledged.
 */
export const STATUS_SCRIPT = `export default {
  async fetch(request) {
    const event = JSON.parse((await request.formData()).get('event'));
    if (event.type !== 'ui_render') return new Response('ok');
    return Response.json({
      type: 'element', state: {}, props: event.props,
      element: { type: 'block', children: [{ type: 'text', style: 'bold', children: 'Status of ' + event.props.service + ': operational' }, { type: 'button', label: 'Status page', onPress: { action: '@ui.url.open', url: 'https://status.example.com/' } }] },
    });
  },
};`;

/** The official `integration` block of that integration, as a document holds it. */
export const statusBlock = (integration: string, service: string) => ({ object: 'block', type: 'integration', isVoid: true, data: { integration, block: 'status', props: { service } } });

/** Publishes the integration as the organization's admin, installs it there and on `spaceId`. */
export async function installStatusIntegration(stack: Pick<StackClient, 'call'>, token: string, organization: string, spaceId: string, name: string): Promise<void> {
  const call = async (method: string, path: string, body: unknown, status: number) => {
    const res = await stack.call(method, path, { token, body });
    if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  await call('POST', `/v1/integrations/${name}`, { organization, title: 'Status board', description: 'Shows a service status', scopes: [], visibility: 'private', script: STATUS_SCRIPT }, 200);
  const installation = await call('POST', `/v1/integrations/${name}/installations`, { organization }, 201);
  await call('POST', `/v1/integrations/${name}/installations/${installation.id}/spaces`, { space: spaceId }, 201);
}
