import type { ServiceContext } from '@dp/runtime';
import type { ContentConfig } from './config';

export type ContentContext = ServiceContext<ContentConfig>;
