/**
 * An integration script as GitBook's runtime builds one: a module whose fetch handler reads the event and
 * the environment from the multipart form. It reports what it got to `report` (through its own fetch,
 * which the sandbox sends through the SSRF guard) and answers as that report was answered. With the secret
 * MODE=stall it never answers: it waits rather than loops, so that a core is not burnt for each deadline (the
 * sandbox's own tests stop CPU loops).
 */
export const reportingScript = (report: string) => `
export default {
  async fetch(request) {
    const form = await request.formData();
    const event = JSON.parse(form.get('event'));
    const environment = JSON.parse(form.get('environment'));
    const stall = () => new Promise((resolve) => setTimeout(resolve, 600000));
    if (event.type === 'installation_setup' && environment.secrets.MODE === 'stall') await stall();
    if (event.type === 'ui_render') {
      if (environment.secrets.MODE === 'stall') await stall();
      if (event.componentId === 'broken') return new Response('no such component', { status: 404 });
      const count = (event.state && event.state.count || 0) + (event.action && event.action.action === 'increment' ? 1 : 0);
      return Response.json({
        type: 'element',
        state: { count },
        props: event.props,
        element: {
          type: 'block',
          children: [{ type: 'text', children: 'Pressed ' + count + ' times by ' + (event.auth ? event.auth.userId : 'a reader') + ' on ' + environment.installation.id }],
          controls: [{ icon: 'edit', label: 'Increment', onPress: { action: 'increment' } }],
        },
      }, { headers: { 'cache-control': 'max-age=30' } });
    }
    const probe = environment.secrets.PROBE ? (await fetch(environment.secrets.PROBE)).status : null;
    const res = await fetch(${JSON.stringify(report)}, {
      method: 'POST',
      body: JSON.stringify({
        path: new URL(request.url).pathname,
        event,
        signature: request.headers.get('x-gitbook-signature'),
        secrets: environment.secrets,
        installation: environment.installation ? environment.installation.id : null,
        integration: environment.integration.name,
        apiEndpoint: environment.apiEndpoint,
        hasSigningSecret: typeof environment.signingSecrets.integration === 'string' && environment.signingSecrets.integration.length === 64,
        probe,
        env: Object.keys(globalThis.process ? globalThis.process.env : {}),
      }),
    });
    return new Response(res.status === 200 ? 'handled' : 'failed', { status: res.status === 200 ? 200 : 500 });
  },
};`;
