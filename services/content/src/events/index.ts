import type { EventHandler } from '@dp/bus';

/** Content consumes no other context's events yet. */
export const handlers: EventHandler[] = [];
