/**
 * The modules a sandbox runs (docs/adr/0057): our entry module, then the integration's script, which the
 * entry imports. The entry answers only a request that carries this sandbox's secret (its runtime adds it;
 * another sandbox's script, reaching the socket over loopback, cannot know it), removes the secret before the
 * script sees the request, and keeps the answer's body open until the work the script handed to
 * `ctx.waitUntil` has settled: the runtime reads the body to its end, so one deadline covers the answer and
 * that work. Work the script hides from its `ctx` is left to the runtime's watch of the process.
 */
export const SANDBOX_SECRET_HEADER = 'x-dp-sandbox-secret';

/** Where the modules are said to be (a name only: workerd reads no file). */
const ROOT = '/sandbox';

export function sandboxModules(script: string, secret: string) {
  return {
    modulesRoot: ROOT,
    modules: [
      { type: 'ESModule' as const, path: `${ROOT}/entry.mjs`, contents: entrySource(secret) },
      { type: 'ESModule' as const, path: `${ROOT}/script.mjs`, contents: script },
    ],
  };
}

function entrySource(secret: string): string {
  return `import script from './script.mjs';
const SECRET = ${JSON.stringify(secret)};
const HEADER = ${JSON.stringify(SANDBOX_SECRET_HEADER)};
function fromRuntime(given) {
  if (typeof given !== 'string' || given.length !== SECRET.length) return false;
  let diff = 0;
  for (let i = 0; i < SECRET.length; i++) diff |= given.charCodeAt(i) ^ SECRET.charCodeAt(i);
  return diff === 0;
}
export default {
  async fetch(request, env, ctx) {
    if (!fromRuntime(request.headers.get(HEADER))) return new Response('this sandbox answers its own runtime only', { status: 403 });
    const headers = new Headers(request.headers);
    headers.delete(HEADER);
    const pending = [];
    const scriptCtx = {
      waitUntil(work) {
        const settled = Promise.resolve(work).then(() => undefined, () => undefined);
        pending.push(settled);
        ctx.waitUntil(settled);
      },
      passThroughOnException() {},
      props: {},
    };
    const allSettled = () => (pending.length ? Promise.all(pending.splice(0)).then(allSettled) : Promise.resolve());
    if (typeof script?.fetch !== 'function') return new Response('the integration script has no fetch handler', { status: 500 });
    const res = await script.fetch(new Request(request, { headers }), {}, scriptCtx);
    if (res.body === null) {
      await allSettled();
      return res;
    }
    const { readable, writable } = new TransformStream();
    res.body.pipeTo(writable, { preventClose: true }).then(allSettled).then(() => writable.close(), (err) => writable.abort(err)).catch(() => undefined);
    return new Response(readable, res);
  },
};
`;
}
