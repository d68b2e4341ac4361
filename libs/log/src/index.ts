import pino, { type Logger } from 'pino';

export type { Logger };

/** One logger shape everywhere: JSON lines with `service`, and request or event ids bound by child loggers. */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name: service, level, base: { service }, timestamp: pino.stdTimeFunctions.isoTime });
}
