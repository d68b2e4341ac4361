import type { ServiceContext } from '@dp/runtime';
import type { IntegrationsConfig } from './config';

export type IntegrationsContext = ServiceContext<IntegrationsConfig>;
