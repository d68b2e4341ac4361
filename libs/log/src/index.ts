import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger, DestinationStream };

/**
 * In a terminal (`npm start`), lines are made readable by pino-pretty; anywhere else (containers, pipes, log
 * collectors) they stay JSON. One pretty stream per process, in this thread: the stack's dozen loggers share it
 * rather than each starting a transport worker thread.
 */
let prettyStream: DestinationStream | undefined;
function defaultDestination(): DestinationStream | undefined {
  if (!process.stdout.isTTY) return undefined;
  return (prettyStream ??= pretty({ colorize: true, singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' }));
}

/**
 * One logger shape everywhere: JSON lines with `service`, and request or event ids bound by child loggers.
 * `destination`: where lines go instead of stdout (tests read them).
 */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  const options = { name: service, level, base: { service }, timestamp: pino.stdTimeFunctions.isoTime };
  const to = destination ?? defaultDestination();
  return to ? pino(options, to) : pino(options);
}
