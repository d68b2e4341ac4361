import { listenerConfig, loadConfig, type ConfigOf } from '@dp/config';

/** How long a client may take and how many connections a listener holds (libs/config `listenerConfig`, docs/adr/0062). */
export type ListenerLimits = Pick<
  ConfigOf<typeof listenerConfig>,
  'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_REQUEST_TIMEOUT_MS' | 'HTTP_KEEP_ALIVE_TIMEOUT_MS' | 'HTTP_MAX_CONNECTIONS'
>;

/** The declared defaults, for a listener a test or a tool starts without a config. */
export const DEFAULT_LISTENER_LIMITS: ListenerLimits = loadConfig(listenerConfig, {});
