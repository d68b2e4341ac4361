/* global process */
// `npm run checks`: the type check and lint side by side (each takes about one core for 20 s), each one's output
// printed whole when it ends, and a failure of either fails the whole.
import { runBuffered } from './lib/run-buffered.mjs';

const results = await Promise.all(['typecheck', 'lint'].map((script) => runBuffered(script, 'npm', ['run', '-s', script])));
process.exit(results.every(Boolean) ? 0 : 1);
