import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Every regular file under `dir`, relative to it, sorted (an absent folder has none). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

export function totalBytes(dir: string, files: string[]): number {
  return files.reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
}

export async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A relative path given on the command line means relative to where npm was started. */
export const resolveFromInvocation = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
