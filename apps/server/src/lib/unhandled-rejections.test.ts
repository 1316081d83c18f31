import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const moduleUrl = new URL('./unhandled-rejections.ts', import.meta.url).href;

/** Runs a module script in a Node process of its own: its exit code and what it printed. */
function runScript(script: string): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], (error, stdout) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout });
    });
  });
}

const rejectNobodyAwaits = `
  Promise.reject(new Error('lost in a request'));
  setTimeout(() => console.log('still serving'), 50);
`;

describe('a rejection nobody awaited', () => {
  it('is logged as an error, and the process goes on', async () => {
    const { code, stdout } = await runScript(`
      import { keepServingOnUnhandledRejection } from ${JSON.stringify(moduleUrl)};
      keepServingOnUnhandledRejection({
        error: (fields, message) => console.log(JSON.stringify({ level: 'error', err: fields.err.message, message })),
      });
      ${rejectNobodyAwaits}
    `);
    expect(code).toBe(0);
    const [logged, after] = stdout.trim().split('\n');
    expect(JSON.parse(logged ?? '')).toEqual({
      level: 'error',
      err: 'lost in a request',
      message: 'unhandled rejection: logged, and the process keeps serving',
    });
    expect(after).toBe('still serving');
  });

  it('would end the process without it (Node’s default)', async () => {
    const { code, stdout } = await runScript(rejectNobodyAwaits);
    expect(code).toBe(1);
    expect(stdout).not.toContain('still serving');
  });
});
