import type { AnyEventHandler } from '@dp/bus';
import type { AppDeps } from '@dp/runtime';
import type { OpenapiConfig } from '../config';
import { onSpecProcessingRequested } from './handlers/on-spec-processing-requested';

/** The events this context consumes, one handler file per type in handlers/, built with the worker's deps. */
export const handlers = (deps: AppDeps<OpenapiConfig>): AnyEventHandler[] => [onSpecProcessingRequested(deps)];
