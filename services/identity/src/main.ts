import { runMain, startApi } from '@dp/runtime';
import { identityService } from './index';

runMain(() => startApi(identityService));
