import type { AnyEventHandler } from '@dp/bus';
import type { AppDeps } from '@dp/runtime';
import type { TranslationsConfig } from '../config';
import { onContentRevisionCreated } from './handlers/on-content-revision-created';
import { onContentSpaceDeleted } from './handlers/on-content-space-deleted';
import { onTranslationRunRequested } from './handlers/on-translation-run-requested';

/** The events this context consumes, one handler file per type in handlers/, built with the worker's deps. */
export const handlers = (deps: AppDeps<TranslationsConfig>): AnyEventHandler[] => [onTranslationRunRequested(deps), onContentRevisionCreated, onContentSpaceDeleted];
