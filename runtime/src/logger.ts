import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { logSettings, type LogLevel } from './config';
import { currentReqId } from './request-context';

export type { Logger } from 'pino';

/**
 * Paths pino blanks in every line (docs/operations.md "Logs"): passwords, cookies, tokens, session ids
 * and mail bodies never reach a log, whichever object carries them.
 */
export const REDACT_PATHS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'sessionId',
  'cookie',
  'text',
  'html',
  'body',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.sessionId',
  '*.cookie',
  '*.text',
  '*.html',
  '*.body',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'mail.text',
  'mail.html',
  'job.data.token',
];

/** Options of a process's logger. */
export interface LoggerOptions {
  /** Which process writes (`api`, `worker`, `start`): the `service` field of every line. */
  service: string;
  level?: LogLevel;
  /** Human-readable lines (pino-pretty); default: stdout is a terminal and not production. */
  pretty?: boolean;
  /** Where lines go (tests capture them); default stdout. */
  destination?: DestinationStream;
}

/**
 * A JSON-lines logger: one object per line with `level`, `time`, `service`, `msg`, the current
 * request's `reqId` (runtime/src/request-context.ts) and the fields given, with REDACT_PATHS blanked.
 */
export function createLogger(options: LoggerOptions): Logger {
  const { level, production } = logSettings();
  const usePretty = options.pretty ?? (!production && process.stdout.isTTY === true);
  const destination =
    options.destination ??
    (usePretty ? pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }) : undefined);
  const settings = {
    level: options.level ?? level,
    base: { service: options.service },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    mixin: () => {
      const reqId = currentReqId();
      return reqId === undefined ? {} : { reqId };
    },
    serializers: { err: pino.stdSerializers.err },
  };
  return destination ? pino(settings, destination) : pino(settings);
}

/**
 * A child of `logger` that writes without the pass over REDACT_PATHS, for a line whose fields are fixed
 * by the code that writes it and hold no secret (the api's request line: id, method, route pattern,
 * status, duration, user id). The pass's wildcard paths cost about three times the rest of a line's
 * work (docs/performance.md); every other line, and every line that carries an object from elsewhere
 * (an error, a job's data, a mail), keeps it.
 */
export function withoutRedaction(logger: Logger): Logger {
  return logger.child({}, { redact: [] });
}

let root: Logger | undefined;

/** The process's logger (made on first use from LOG_LEVEL); `setRootLogger` replaces it at start. */
export function rootLogger(): Logger {
  root ??= createLogger({ service: logSettings().service });
  return root;
}

/** Makes `logger` the process's logger (a process's start does this once with its service name). */
export function setRootLogger(logger: Logger): void {
  root = logger;
}

/** A logger for one part of a process (`component` field), from the process's logger. */
export function loggerFor(component: string): Logger {
  return rootLogger().child({ component });
}
