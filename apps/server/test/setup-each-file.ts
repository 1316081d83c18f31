import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { takeAnswerViolations } from './answer-check.ts';
import { takeErrorLogProblems } from './error-logs.ts';

// An unexpected console.error or error-level log line is a bug the test did not look for.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  const problems = [...takeErrorLogProblems(), ...takeAnswerViolations()];
  if (errors.length > 0) problems.unshift(`console.error was called:\n${errors.map((a) => a.join(' ')).join('\n')}`);
  if (problems.length > 0) throw new Error(problems.join('\n'));
});
// Lines logged after the file's last test (late background work, closing the app).
afterAll(() => {
  const problems = takeErrorLogProblems();
  if (problems.length > 0) throw new Error(problems.join('\n'));
});
