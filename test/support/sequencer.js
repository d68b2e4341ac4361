/* global module, require, __dirname */
// Jest runs the files it has timed before slowest first, so that no worker is left with a long file at the end of
// a phase; a clean clone has no timings, and jest then orders by file size, which put the slowest component file
// (40 s, mostly waiting) last in its phase. This sequencer falls back to the durations recorded in the repository
// (test/support/test-durations.json, written by `npm run -s test:durations` after a run).
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const root = path.resolve(__dirname, '../..');
const recorded = require('./test-durations.json');

class RecordedDurationsSequencer extends Sequencer {
  time(test) {
    return super.time(test) ?? recorded[path.relative(root, test.path)];
  }
}

module.exports = RecordedDurationsSequencer;
