import { runMain, startWorker } from '@dp/runtime';
import { sitesService } from './index';

runMain(() => startWorker(sitesService));
