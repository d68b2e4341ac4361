/**
 * The official client, `@gitbook/api`, with its own types.
 *
 * Its `dist/index.d.ts` names its parts as `./client` and `./GitBookAPIError`, without an extension: in its
 * `"type": "module"` package, NodeNext resolves neither, so `GitBookAPI` would have no API methods and
 * `GitBookAPIError` no type at all (the runtime, `dist/index.cjs`, is whole). The two declaration files are
 * themselves complete: this module reads them by path, type-only, and gives `GitBookAPI` back its base class
 * by declaration merging. Everything at run time is the package's own export.
 */
import * as runtime from '@gitbook/api';
import { GitBookAPIError as untypedError } from '@gitbook/api';
import type { Api, GitSyncInstallationProvider as Provider } from '../../node_modules/@gitbook/api/dist/client.js';
import type { GitBookAPIError as APIError } from '../../node_modules/@gitbook/api/dist/GitBookAPIError.js';

declare module '@gitbook/api' {
  // The class's `extends Api<{ authToken?: string }>`, as dist/index.d.ts declares it: merged into the class.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are Api's
  interface GitBookAPI extends Api<{ authToken?: string }> {}
}

export { GitBookAPI } from '@gitbook/api';
export type * from '../../node_modules/@gitbook/api/dist/client.js';
export type GitBookAPIError = APIError;
/** The error the client throws for an answer that is not 2xx: `code` is its status, `errorMessage` its `error.message`. */
export const GitBookAPIError: typeof APIError = untypedError;
/** The client's enum of Git Sync providers (its bodies are typed with the enum, not the strings). */
export const GitSyncInstallationProvider: typeof Provider = Reflect.get(runtime, 'GitSyncInstallationProvider');
