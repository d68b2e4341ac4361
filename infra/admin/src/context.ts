import type { Deployment } from './deployment';
import type { Io } from './output';

/** What every command group registers its commands with: the deployment of this run and where to print. */
export interface AdminContext {
  deployment: Deployment;
  io: Io;
}
