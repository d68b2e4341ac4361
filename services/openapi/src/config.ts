import { serviceConfig } from '@dp/runtime';
import type { ConfigOf } from '@dp/config';

export const openapiConfig = serviceConfig('openapi', 8084, {});
export type OpenapiConfig = ConfigOf<typeof openapiConfig>;
