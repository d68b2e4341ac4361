import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { isShutdownNoise, stopWasRequested } from './stopping';

export type { Logger, DestinationStream };
export { requestStop, stopWasRequested } from './stopping';

const WARN = pino.levels.values.warn;

/**
 * In a terminal (`npm start`), lines are made readable by pino-pretty; anywhere else (containers, pipes, log
 * collectors) they stay JSON. One pretty stream per process, in this thread: the stack's dozen loggers share it
 * rather than each starting a transport worker thread.
 */
let prettyStream: DestinationStream | undefined;
let jsonStream: DestinationStream | undefined;
function defaultDestination(): DestinationStream {
  if (process.stdout.isTTY) return (prettyStream ??= pretty({ colorize: true, singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' }));
  return (jsonStream ??= batchedStdout());
}

/** How long a line may wait for others before it is written anyway (a quiet process). */
const FLUSH_EVERY_MS = 200;

/**
 * Lines go out 4 KB at a time, or within FLUSH_EVERY_MS: a write per line was a tenth of a busy service's CPU
 * (docs/adr/0118). pino writes what is pending when the process exits; a SIGKILL loses at most that much.
 */
function batchedStdout(): DestinationStream {
  const out = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  let unflushed = false;
  setInterval(() => {
    if (!unflushed) return;
    unflushed = false;
    out.flush();
  }, FLUSH_EVERY_MS).unref();
  return {
    write(line: string) {
      unflushed = true;
      out.write(line);
    },
  };
}

/**
 * One logger shape everywhere: JSON lines with `service`, and request or event ids bound by child loggers.
 * `destination`: where lines go instead of stdout (tests read them).
 */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = { name: service, level, base: { service }, timestamp: pino.stdTimeFunctions.isoTime, hooks: { logMethod: quietWhenStopping } };
  return pino(options, destination ?? defaultDestination());
}

/** A connection the database ends during a stop the process asked for is debug, not a warning or an error (./stopping.ts). */
function quietWhenStopping(this: Logger, args: Parameters<pino.LogFn>, method: pino.LogFn, level: number): void {
  if (level >= WARN && stopWasRequested() && isShutdownNoise(args)) return this.debug(...args);
  method.apply(this, args);
}

/** The process name a logger was made for (`content-api`, `sites-publisher`): the `process` label of its metrics. */
export function serviceOf(log: Logger): string {
  return String(log.bindings().service ?? 'unknown');
}
