import type { AnyEventHandler } from '@dp/bus';

/** The events this context consumes, one handler file per type in handlers/. */
export const handlers = (): AnyEventHandler[] => [];
