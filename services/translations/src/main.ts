import { runMain, startApi } from '@dp/runtime';
import { translationsService } from './index';

runMain(() => startApi(translationsService));
