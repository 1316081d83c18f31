import readline from 'node:readline';

/** Ctrl-C at a password prompt: the command stops, having changed nothing. */
export class PromptInterrupted extends Error {
  constructor() {
    super('Interrupted.');
    this.name = 'PromptInterrupted';
  }
}

type TerminalInput = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

/**
 * Reads one line typed at a terminal without showing it: the terminal is put in raw mode, so nothing
 * typed is echoed, and backspace, Enter, Ctrl-C and Ctrl-D are handled here.
 */
export function readHidden(
  question: string,
  input: TerminalInput = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<string> {
  output.write(question);
  input.setRawMode?.(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode?.(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string | Buffer) => {
      for (const character of String(chunk)) {
        if (character === '\r' || character === '\n' || character === '\u0004') return finish();
        if (character === '\u0003') return finish(new PromptInterrupted());
        if (character === '\u007f' || character === '\b') typed = Array.from(typed).slice(0, -1).join('');
        else if (character >= ' ') typed += character;
      }
    };
    input.on('data', onData);
  });
}

/**
 * The first line of a stream that is not a terminal (a pipe, a file): how a script gives a password
 * without putting it on the command line, where other users of the machine could read it. Empty when
 * the stream ends first. The line ending (\n or \r\n) is not part of it.
 */
export function readLine(input: NodeJS.ReadableStream = process.stdin): Promise<string> {
  return new Promise((resolve) => {
    const lines = readline.createInterface({ input, terminal: false });
    let first: string | undefined;
    lines.once('line', (line) => {
      first = line;
      lines.close();
    });
    lines.once('close', () => resolve(first ?? ''));
  });
}
