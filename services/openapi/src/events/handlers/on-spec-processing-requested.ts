import { defineHandler } from '@dp/bus';
import { loadConfig } from '@dp/config';
import { OpenApiEvents } from '@dp/events';
import { processSpec } from '../../commands/process-spec';
import { processingConfig } from '../../config';
import type { FetchLimits } from '../../domain/spec-fetcher';

let limits: FetchLimits | undefined;

/** The fetch limits of this worker process, from its environment (read once). */
function fetchLimits(): FetchLimits {
  if (!limits) {
    const config = loadConfig(processingConfig, process.env);
    limits = { allow: config.OUTBOUND_ALLOW, timeoutMs: config.OPENAPI_FETCH_TIMEOUT_MS, maxBytes: config.OPENAPI_MAX_BYTES, maxFiles: config.OPENAPI_MAX_FILES };
  }
  return limits;
}

/** A spec was created or its source replaced: its worker processes it (docs/adr/0042). */
export const onSpecProcessingRequested = defineHandler(OpenApiEvents.SPEC_PROCESSING_REQUESTED, (event, trx, log, emit) =>
  processSpec(trx, event.data.specId, fetchLimits(), emit, log),
);
