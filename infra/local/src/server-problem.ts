import { brokerConnectError } from '@dp/bus';
import { databaseConnectError } from '@dp/db';
import { connectionProblem, urlProblem, type ConnectionProblem, type Server } from './connection-problem';

/** What keeps `npm start` from using the server at `url`, or undefined when it answers. */
export async function serverProblem(server: Server, url: string): Promise<ConnectionProblem | undefined> {
  const bad = urlProblem(server, url);
  if (bad) return bad;
  const err = server === 'postgresql' ? await databaseConnectError(url) : await brokerConnectError(url);
  return err === undefined ? undefined : connectionProblem(err);
}
