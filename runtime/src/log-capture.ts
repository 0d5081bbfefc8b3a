import { Writable } from 'node:stream';
import { createLogger, type Logger } from './logger';

/** A logger whose lines are kept in memory (tests read what a process would have written). */
export function captureLogger(service = 'test'): {
  logger: Logger;
  lines: () => Record<string, unknown>[];
  text: () => string;
} {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  const logger = createLogger({ service, level: 'trace', pretty: false, destination });
  const text = () => chunks.join('');
  return {
    logger,
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
