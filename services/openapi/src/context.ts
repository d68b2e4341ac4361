import type { ServiceContext } from '@dp/runtime';
import type { OpenapiConfig } from './config';

export type OpenapiContext = ServiceContext<OpenapiConfig>;
