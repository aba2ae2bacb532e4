/**
 * One structured JSON logger for every function: a line per entry with level, message, the request id
 * of the current invocation and any fields given. Quiet below `LOG_LEVEL` (default info).
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;

let requestId: string | undefined;

const threshold = (): number =>
  LEVELS[(process.env.LOG_LEVEL as keyof typeof LEVELS) ?? 'info'] ?? LEVELS.info;

function errorFields(value: unknown): unknown {
  return value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (LEVELS[level] < threshold()) return;
  const entry: Record<string, unknown> = { level, message, timestamp: new Date().toISOString(), requestId };
  for (const [key, value] of Object.entries(fields)) entry[key] = errorFields(value);
  const line = JSON.stringify(entry);
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export const logger = {
  setRequestId(id: string | undefined): void {
    requestId = id;
  },
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
