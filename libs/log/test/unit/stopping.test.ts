import { createLogger, requestStop, stopWasRequested } from '@dp/log';

/** Connections the database ends during a stop the process asked for are debug lines, every other line keeps its level. */
const lines: Array<{ level: number; msg: string }> = [];
const log = createLogger('stopping-test', 'debug', { write: (line: string) => void lines.push(JSON.parse(line)) });
const levelOf = (msg: string) => lines.find((l) => l.msg === msg)?.level;

test('Before a stop is asked for, a terminated connection is a warning; after, it is debug, and other warnings and errors stay', () => {
  expect(stopWasRequested()).toBe(false);
  log.warn({ err: 'terminating connection due to administrator command' }, 'before: LISTEN ended');
  expect(levelOf('before: LISTEN ended')).toBe(40);

  requestStop();
  log.warn({ err: 'terminating connection due to administrator command' }, 'after: LISTEN ended');
  log.error({ err: new Error('the database system is shutting down') }, 'after: a loop failed');
  log.warn('Connection Error: Connection ended unexpectedly');
  log.warn({ err: 'connect ECONNREFUSED 127.0.0.1:5672' }, 'after: broker unreachable');
  log.error(new Error('duplicate key value violates unique constraint'), 'after: a real error');

  expect(levelOf('after: LISTEN ended')).toBe(20);
  expect(levelOf('after: a loop failed')).toBe(20);
  expect(levelOf('Connection Error: Connection ended unexpectedly')).toBe(20);
  expect(levelOf('after: broker unreachable')).toBe(40);
  expect(levelOf('after: a real error')).toBe(50);
});
