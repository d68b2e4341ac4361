import type { Server, ServerResponse } from 'node:http';
import { closeServer, listen } from '@dp/listen';
import { bootStack, type TestStack, type TestUser } from './stack';

/** A spec file's text by its path (`/pets.yaml`), or a function of the path; undefined answers 404. */
export type SpecFiles = Record<string, string> | ((path: string) => string | undefined);

export interface SpecServer {
  /** `http://127.0.0.1:<port>`: the sources and $refs the tests write start with it. */
  origin: string;
  server: Server;
  stop(): Promise<void>;
}

/**
 * The server the OpenAPI tests fetch their spec files from, on 127.0.0.1: the only address the openapi worker
 * may reach under `OUTBOUND_ALLOW=127.0.0.1`. The query is left out of the path. `custom` answers a path itself
 * (or never answers it, a source that times out) by returning true.
 */
export async function startSpecServer(files: SpecFiles, custom?: (path: string, res: ServerResponse) => boolean): Promise<SpecServer> {
  const server = await listen((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (custom?.(path, res)) return;
    const body = typeof files === 'function' ? files(path) : files[path];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': path.endsWith('.json') ? 'application/json' : 'application/yaml' }).end(body);
  }, 0);
  return { origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server, stop: () => closeServer(server) };
}

export interface SpecStack {
  stack: TestStack;
  /** A user who owns `orgId`, where the tests add their specs. */
  owner: TestUser;
  orgId: string;
  /** The spec server's origin. */
  origin: string;
  stop(): Promise<void>;
}

/** What the OpenAPI tests start with: their spec server, a stack with its workers (which fetch and process), an owner and an organization. */
export async function bootSpecStack(label: string, files: SpecFiles, custom?: (path: string, res: ServerResponse) => boolean): Promise<SpecStack> {
  const specServer = await startSpecServer(files, custom);
  let stack: TestStack | undefined;
  try {
    stack = await bootStack(label, { withWorkers: true });
    const owner = await stack.newUser('owner');
    const orgId = (await stack.newOrg(owner.token)).id;
    const booted = stack;
    return { stack, owner, orgId, origin: specServer.origin, stop: () => booted.stop().finally(() => specServer.stop()) };
  } catch (err) {
    await stack?.stop();
    await specServer.stop();
    throw err;
  }
}
