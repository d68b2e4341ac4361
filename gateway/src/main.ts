import { runMain } from '@dp/runtime';
import { startGateway } from './index';

runMain(() => startGateway());
