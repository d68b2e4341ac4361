import { runMain, startApi } from '@dp/runtime';
import { openapiService } from './index';

runMain(() => startApi(openapiService));
