import type { ServiceContext } from '@dp/runtime';
import type { TranslationsConfig } from './config';

export type TranslationsContext = ServiceContext<TranslationsConfig>;
