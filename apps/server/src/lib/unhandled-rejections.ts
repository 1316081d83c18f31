import type { Logger } from 'pino';

/**
 * A promise that failed with nobody awaiting it is logged as an error, and the process keeps serving.
 * Node's default ends the process, and with it every request in flight, for what belongs to one
 * request or one piece of background work; a supervisor restarting it a few times a minute then
 * gives up (docs/decisions/037-unhandled-rejections.md). A synchronous exception nobody caught still
 * ends the process: what it interrupted may have been half done.
 */
export function keepServingOnUnhandledRejection(log: Pick<Logger, 'error'>, target: NodeJS.Process = process): void {
  target.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled rejection: logged, and the process keeps serving');
  });
}
