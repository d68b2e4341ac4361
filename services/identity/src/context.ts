import type { ServiceContext } from '@dp/runtime';
import type { IdentityConfig } from './config';

export type IdentityContext = ServiceContext<IdentityConfig>;
