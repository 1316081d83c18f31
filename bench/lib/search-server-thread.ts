/** The search bench's answers timed on a thread of their own (`measureServer`). */
import { parentPort, workerData } from 'node:worker_threads';
import { type ServerOptions, timeAnswers } from './search-server.ts';
import type { Target } from './target.ts';

const { server, target, options } = workerData as {
  server: { url: string; pid: number };
  target: Target;
  options: ServerOptions;
};
parentPort?.postMessage(await timeAnswers(server, target, options));
