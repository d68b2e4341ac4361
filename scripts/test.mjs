/* global process */
// `npm test`, what CI runs, in three phases, each under the suite's budget of 30 PostgreSQL connections
// (docs/testing.md, docs/adr/0071):
// 1. side by side, since none of them holds many connections and the broker-failure tests mostly wait on their
//    own RabbitMQ node: the unit and component tests (a pool of 2 per file) and the broker-failure tests, each
//    printed whole when it ends;
// 2. the stack tests: the API tests on shared stacks, one per jest worker (docs/adr/0073), then the other
//    integration tests, two files at a time, each file's stacks on its own schemas (up to 27 connections). Their
//    CPU is partly idle (a third, measured: files wait on deadlines, browsers, brokers), so beside them run the
//    checks that need no database, one after the other: lint, the type check, and the integration files that
//    hold no PostgreSQL connection (jest project `no-database`). In phase 1 the type check took CPU from the
//    unit and component tests, which have none to spare;
// 3. the launcher's test (two whole stacks and `npm start`: 26 connections), beside a small chaos run on servers of
//    its own.
// A phase that fails stops the run.
import { runBuffered, runStreamed } from './lib/run-buffered.mjs';

const jest = 'node_modules/.bin/jest';
const SMALL_CHAOS = { CHAOS_DURATION_S: '25', CHAOS_MIN_EVENTS: '500', CHAOS_BROKER_KILLS: '1', CHAOS_POSTGRES_RESTARTS: '0', CHAOS_PROCESS_KILLS: '5', CHAOS_SETTLE_S: '90' };
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
/** Streams jest's `project`, then says how it ended and how long it took. */
const streamedProject = async (project) => {
  const started = Date.now();
  const ok = await runStreamed(jest, ['--selectProjects', project]);
  process.stdout.write(`> ${project} tests: ${ok ? 'ok' : 'failed'} in ${seconds(started)}\n`);
  return ok;
};
const phases = [
  ['unit, component and broker-failure tests', () =>
    Promise.all([
      runBuffered('unit and component tests', jest, ['--selectProjects', 'unit', 'component']),
      runBuffered('broker-failure tests', jest, ['-c', 'jest.reliability.config.js', '--runInBand']),
    ]).then((results) => results.every(Boolean))],
  ['stack tests, checks and tests without a database', () =>
    Promise.all([
      (async () => (await streamedProject('shared-stack')) && streamedProject('integration'))(),
      // One after the other, each printed whole when it ends; a failure of any fails the phase.
      (async () => {
        const linted = await runBuffered('lint', 'npm', ['run', '-s', 'lint']);
        const typed = await runBuffered('typecheck', 'npm', ['run', '-s', 'typecheck']);
        const tested = await runBuffered('tests without a database', jest, ['--selectProjects', 'no-database', '--maxWorkers', '1']);
        return linted && typed && tested;
      })(),
    ]).then((results) => results.every(Boolean))],
  // Beside it, the chaos run's small version (issue 28 §3, docs/adr/0116): its own PostgreSQL cluster and RabbitMQ
  // node, so none of the suite's connections; one broker kill and five process kills during a short load.
  ["the launcher's test and a small chaos run", () =>
    Promise.all([
      runStreamed(jest, ['-c', 'jest.launcher.config.js']),
      runBuffered('chaos run (small)', 'npm', ['run', '-s', 'chaos'], { ...process.env, ...SMALL_CHAOS }),
    ]).then((results) => results.every(Boolean))],
];

for (const [index, [name, phase]] of phases.entries()) {
  const started = Date.now();
  const ok = await phase();
  process.stdout.write(`> phase ${index + 1} of ${phases.length} (${name}): ${ok ? 'ok' : 'failed'} in ${seconds(started)}\n`);
  if (!ok) process.exit(1);
}
