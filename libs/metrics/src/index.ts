export { registry, PREFIX } from './registry';
export { observeRequest, countDroppedConnection, listenerDrops, type ObservedRequest } from './http';
export { observeHandling, countRetry, countDeadLettered, timePublish, type HandlingOutcome } from './events';
export { watchOutbox, watchDeadLetters, watchPool, knexPoolUse, type OutboxBacklog, type PoolUse } from './collectors';
export { serveMetrics, type MetricsServer } from './server';
export { startProcessMetrics, type ProcessMetrics, type ProcessMetricsOptions } from './process';
export { childPids, cpuMillis, externalPort, processName, residentBytes } from './proc';
