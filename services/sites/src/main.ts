import { runMain, startApi } from '@dp/runtime';
import { sitesService } from './index';

runMain(() => startApi(sitesService));
