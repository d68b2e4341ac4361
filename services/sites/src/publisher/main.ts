import { runMain } from '@dp/runtime';
import { startPublisher } from './start';

runMain(() => startPublisher());
