import { runMain, startWorker } from '@dp/runtime';
import { translationsService } from './index';

runMain(() => startWorker(translationsService));
