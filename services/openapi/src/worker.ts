import { runMain, startWorker } from '@dp/runtime';
import { openapiService } from './index';

runMain(() => startWorker(openapiService));
