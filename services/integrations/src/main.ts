import { runMain, startApi } from '@dp/runtime';
import { integrationsService } from './index';

runMain(() => startApi(integrationsService));
