import { defineHandler } from '@dp/bus';
import { OpenApiEvents } from '@dp/events';
import type { AppDeps } from '@dp/runtime';
import { processSpec } from '../../commands/process-spec';
import { fetchLimitsOf, specLimitsOf, threadLimitsOf, type OpenapiConfig } from '../../config';
import { specThreads } from '../../threads/spec-threads';

/** A spec was created, its source replaced or its refresh came due: the worker processes it (docs/adr/0042). */
export function onSpecProcessingRequested({ db, config, onStop }: AppDeps<OpenapiConfig>) {
  const limits = fetchLimitsOf(config);
  const specLimits = specLimitsOf(config);
  const threads = specThreads(threadLimitsOf(config));
  onStop?.(() => threads.close());
  return defineHandler(OpenApiEvents.SPEC_PROCESSING_REQUESTED, (event, trx, log, emit) => processSpec({ db, trx, limits, specLimits, threads, emit, log }, event.data.specId));
}
