import { runMain, startWorker } from '@dp/runtime';
import { contentService } from './index';

runMain(() => startWorker(contentService));
