import { runMain, startApi } from '@dp/runtime';
import { contentService } from './index';

runMain(() => startApi(contentService));
