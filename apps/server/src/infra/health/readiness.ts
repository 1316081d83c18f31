/**
 * Whether this process should be sent shoppers: a load balancer reads it from `/api/ready`.
 *
 * - `starting`: the process listens, but what the first shopper would wait for (the catalogue's search
 *   index) is still being built. Before the process listens at all (migrations, a first seed), a
 *   placeholder server answers 503 on its port instead (starting-server.ts).
 * - `ready`: send traffic.
 * - `draining`: a SIGTERM arrived. The process goes on answering everything for a while, so that a
 *   balancer that polls this answer stops sending before the port closes, and every answer asks the
 *   client to close its connection, so kept-alive connections move to other processes.
 */
export type ReadinessState = 'starting' | 'ready' | 'draining';

export interface Readiness {
  readonly state: ReadinessState;
  /** The process can take traffic; does nothing once draining. */
  ready(): void;
  /** From now on: not ready, for good. */
  drain(): void;
}

export function readiness(initial: ReadinessState = 'starting'): Readiness {
  let state = initial;
  return {
    get state() {
      return state;
    },
    ready() {
      if (state === 'starting') state = 'ready';
    },
    drain() {
      state = 'draining';
    },
  };
}
