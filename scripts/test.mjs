/* global process */
// `npm test`, what CI runs, in four phases, each under the suite's budget of 30 PostgreSQL connections
// (docs/testing.md, docs/adr/0071):
// 1. side by side, since none of them holds many connections and the broker-failure tests mostly wait on their
//    own RabbitMQ node: the type check, lint, the unit and component tests (a pool of 2 per file) and the
//    broker-failure tests, each printed whole when it ends;
// 2. the API tests on shared stacks, one per jest worker (docs/adr/0073), two files at a time (up to 26);
// 3. the other integration tests, two files at a time, each file's stacks on its own schemas (up to 27);
// 4. the launcher's test alone (two whole stacks and `npm start`: 26 connections).
// A phase that fails stops the run.
import { runBuffered, runStreamed } from './lib/run-buffered.mjs';

const jest = 'node_modules/.bin/jest';
const phases = [
  () =>
    Promise.all([
      runBuffered('typecheck', 'npm', ['run', '-s', 'typecheck']),
      runBuffered('lint', 'npm', ['run', '-s', 'lint']),
      runBuffered('unit and component tests', jest, ['--selectProjects', 'unit', 'component']),
      runBuffered('broker-failure tests', jest, ['-c', 'jest.reliability.config.js', '--runInBand']),
    ]).then((results) => results.every(Boolean)),
  () => runStreamed(jest, ['--selectProjects', 'shared-stack']),
  () => runStreamed(jest, ['--selectProjects', 'integration']),
  () => runStreamed(jest, ['-c', 'jest.launcher.config.js']),
];

for (const phase of phases) if (!(await phase())) process.exit(1);
