import type { AnyEventHandler } from '@dp/bus';

/** Identity is the source of truth for people and memberships; it consumes no other context's events. */
export const handlers = (): AnyEventHandler[] => [];
