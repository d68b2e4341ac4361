export { threadTask, type Ask, type ThreadTask } from './task';
export { createThreads, type Answer, type ThreadFailure, type ThreadOutcome, type Threads, type ThreadsOptions } from './threads';
export { siblingModule } from './spawn';
