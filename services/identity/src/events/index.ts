import { oneHandlerPerType, type AnyEventHandler } from '@dp/bus';
import { auditHandlers } from './record-audit-event';
import { teamSpaceHandlers } from './team-spaces';

/**
 * Identity is the source of truth for people and memberships; it consumes other contexts' events to record them
 * in the organizations' audit logs (docs/adr/0095), and content's grants to teams for the teams' `spaces` count.
 */
export const handlers = (): AnyEventHandler[] => oneHandlerPerType([...auditHandlers(), ...teamSpaceHandlers()]);
