import type { AnyEventHandler } from '@dp/bus';
import { auditHandlers } from './record-audit-event';

/**
 * Identity is the source of truth for people and memberships; it consumes other contexts' events only to record
 * them in the organizations' audit logs (docs/adr/0095).
 */
export const handlers = (): AnyEventHandler[] => auditHandlers();
