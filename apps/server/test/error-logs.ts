import type { DestinationStream } from 'pino';

/**
 * The app's error and fatal log lines in tests. A line no test declared is a bug the test did not
 * look for, as an unexpected console.error is: test/setup-each-file.ts fails the test it came in.
 */

const errorLevel = 50; // pino: error 50, fatal 60

interface Expectation {
  pattern: RegExp;
  /** An expected line must come during the test; an allowed one may. */
  required: boolean;
  seen: boolean;
}

let unexpected: string[] = [];
let expectations: Expectation[] = [];

function summary(line: string): string {
  try {
    const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { type?: string; message?: string } };
    const err = entry.err ? ` (${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''})` : '';
    return `[${entry.level === 60 ? 'fatal' : 'error'}] ${entry.msg ?? ''}${err}`;
  } catch {
    return line.trim();
  }
}

function levelOf(line: string): number {
  try {
    return (JSON.parse(line) as { level?: number }).level ?? errorLevel;
  } catch {
    return errorLevel;
  }
}

/** Give this to buildApp's `logger`: it keeps every line at level error or above. */
export const errorLogStream: DestinationStream = {
  write(line: string) {
    if (levelOf(line) < errorLevel) return;
    // pino puts msg after err in the line, so patterns also see "message (Type: error message)".
    const text = `${summary(line)}\n${line}`;
    const matching = expectations.filter((e) => e.pattern.test(text));
    for (const e of matching) e.seen = true;
    if (matching.length === 0) unexpected.push(line);
  },
};

/**
 * The running test makes the app log, for each pattern, an error line matching it (matched against
 * "message (ErrorType: error message)" and the JSON line with the stack), and fails if one does not come.
 */
export function expectErrorLog(...patterns: RegExp[]): void {
  for (const pattern of patterns) expectations.push({ pattern, required: true, seen: false });
}

/** The running test may make the app log error lines matching the patterns (e.g. timing-dependent ones). */
export function allowErrorLogs(...patterns: RegExp[]): void {
  for (const pattern of patterns) expectations.push({ pattern, required: false, seen: false });
}

/**
 * What went wrong since the last check: lines nobody declared and expected lines that did not come.
 * Clears the lines and the running test's declarations.
 */
export function takeErrorLogProblems(): string[] {
  const problems = [
    ...unexpected.map((line) => `unexpected error log: ${summary(line)}`),
    ...expectations.filter((e) => e.required && !e.seen).map((e) => `expected an error log matching ${e.pattern}`),
  ];
  unexpected = [];
  expectations = [];
  return problems;
}
