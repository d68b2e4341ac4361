import type { AnyEventHandler } from '@dp/bus';
import { onSpecProcessingRequested } from './handlers/on-spec-processing-requested';

/** The events this context consumes, one handler file per type in handlers/. */
export const handlers: AnyEventHandler[] = [onSpecProcessingRequested];
