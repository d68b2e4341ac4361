import { serviceConfig } from '@dp/runtime';
import type { ConfigOf } from '@dp/config';

export const integrationsConfig = serviceConfig('integrations', 8085, {});
export type IntegrationsConfig = ConfigOf<typeof integrationsConfig>;
