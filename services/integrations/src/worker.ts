import { runMain, startWorker } from '@dp/runtime';
import { integrationsService } from './index';

runMain(() => startWorker(integrationsService));
