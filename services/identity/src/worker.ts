import { runMain, startWorker } from '@dp/runtime';
import { identityService } from './index';

runMain(() => startWorker(identityService));
