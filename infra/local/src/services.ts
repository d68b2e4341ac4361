import type { ServiceDefinition } from '@dp/runtime';
import { identityService } from '@dp/identity';
import { contentService } from '@dp/content';
import { sitesService } from '@dp/sites';
import { openapiService } from '@dp/openapi';
import { integrationsService } from '@dp/integrations';
import { translationsService } from '@dp/translations';

/** Every bounded context with its default port (the gateway is on 8080), in boot order. */
export const services: Array<{ def: ServiceDefinition; port: number }> = [
  { def: identityService, port: 8081 },
  { def: contentService, port: 8082 },
  { def: sitesService, port: 8083 },
  { def: openapiService, port: 8084 },
  { def: integrationsService, port: 8085 },
  { def: translationsService, port: 8086 },
];
