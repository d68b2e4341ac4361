// The one way this platform makes an HTTP server (docs/adr/0062). A lib of its own, below @dp/http and
// @dp/metrics, so both use it without a cycle: it depends on node, @dp/config and @dp/log only.
export { DEFAULT_LISTENER_LIMITS, type ListenerLimits } from './limits';
export { bind, closeServer, createLimitedServer, listen } from './server';
export { DROP_WARNING_EVERY_MS, watchDrops, type DropWatch } from './drops';
