import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { OpsError } from './manifest.ts';

/** The major version of a PostgreSQL client program on the PATH, or undefined when it is not installed. */
export function toolMajor(tool: 'pg_dump' | 'pg_restore' | 'psql'): number | undefined {
  const found = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) return undefined;
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(found.stdout);
  return match ? Number(match[1]) : undefined;
}

/**
 * A client program older than the server cannot dump it (pg_dump refuses), and one older than a dump
 * cannot read it: say which package to install rather than let the program fail halfway.
 */
export function requireTool(tool: 'pg_dump' | 'pg_restore' | 'psql', atLeast: number): number {
  const major = toolMajor(tool);
  if (major === undefined) {
    throw new OpsError(`${tool} is not installed: install postgresql-client-${atLeast} (or newer) and run again.`);
  }
  if (major < atLeast) {
    throw new OpsError(
      `${tool} ${major} is older than PostgreSQL ${atLeast} it has to work with: install postgresql-client-${atLeast} (or newer) and run again.`,
    );
  }
  return major;
}

/** Runs a program to its end; a non-zero exit becomes an OpsError with the first lines it wrote. */
export function run(
  program: string,
  args: string[],
  options: { what: string; stdinPrefix?: string; pipeFrom?: { program: string; args: string[] } },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString('utf8');
    });
    let feeder: ReturnType<typeof spawn> | undefined;
    let feederError = '';
    if (options.stdinPrefix !== undefined) child.stdin.write(options.stdinPrefix);
    if (options.pipeFrom) {
      feeder = spawn(options.pipeFrom.program, options.pipeFrom.args, { stdio: ['ignore', 'pipe', 'pipe'] });
      feeder.stderr?.on('data', (chunk: Buffer) => {
        if (feederError.length < 4000) feederError += chunk.toString('utf8');
      });
      feeder.on('error', reject);
      feeder.stdout?.pipe(child.stdin);
    } else {
      child.stdin.end();
    }
    // The reader stops early when the writer fails; that is reported through the writer's exit.
    child.stdin.on('error', () => {});
    const feederDone = feeder
      ? new Promise<number | null>((done) => feeder.on('close', (code) => done(code)))
      : Promise.resolve(0);
    child.on('error', reject);
    child.on('close', async (code) => {
      const feederCode = await feederDone;
      const problem = firstError(feederError) ?? firstError(stderr);
      if (code === 0 && feederCode === 0) resolve();
      else reject(new OpsError(`${options.what} failed: ${problem ?? `exit code ${code ?? feederCode}`}.`));
    });
  });
}

/** The line a person needs from a client program's output: its first ERROR or FATAL, else its first line. */
function firstError(output: string): string | undefined {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const line = lines.find((l) => /ERROR|FATAL|error:/.test(l)) ?? lines[0];
  return line?.replace(/\.$/, '');
}

/** The tables kram's schemas hold in a database: any at all means it is not empty. */
export async function tablesOf(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.tables
       where table_schema in ('public', 'drizzle') order by 1`,
    );
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}
