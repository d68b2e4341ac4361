import type { ServiceContext } from '@dp/runtime';
import type { SitesConfig } from './config';

export type SitesContext = ServiceContext<SitesConfig>;
