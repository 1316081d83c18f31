/**
 * Whether this process should be sent shoppers: a load balancer reads it from `/api/ready`.
 *
 * - `starting`: the process listens, but what the first shopper would wait for (the catalogue's search
 *   index) is still being built. Before the process listens at all (migrations, a first seed), a
 *   placeholder server answers 503 on its port instead (starting-server.ts).
 * - `ready`: send traffic.
 * - `draining`: a SIGTERM arrived. The process goes on answering everything for a while, so that a
 *   balancer that polls this answer stops sending before the port closes, and answers ask the client
 *   to close its connection (`closingConnections`), so kept-alive connections move to other processes.
 */
export type ReadinessState = 'starting' | 'ready' | 'draining';

export interface Readiness {
  readonly state: ReadinessState;
  /** The process can take traffic; does nothing once draining. */
  ready(): void;
  /** From now on: not ready, for good; answers ask clients to close their connections. */
  drain(): void;
  /** Whether answers carry `Connection: close`: from drain() on, except while connections are held. */
  readonly closingConnections: boolean;
  /**
   * Answers stop or start again asking clients to close their connections. Closing a port resets the
   * connections the kernel has queued for it, and clients that reconnect after each `Connection: close`
   * answer keep that queue filled: just before the port closes, connections are kept (held), so that
   * no client is reconnecting when it does; once it is closed, each is let go after its answer.
   */
  holdConnections(held: boolean): void;
}

export function readiness(initial: ReadinessState = 'starting'): Readiness {
  let state = initial;
  let held = false;
  return {
    get state() {
      return state;
    },
    get closingConnections() {
      return state === 'draining' && !held;
    },
    ready() {
      if (state === 'starting') state = 'ready';
    },
    drain() {
      state = 'draining';
    },
    holdConnections(hold) {
      held = hold;
    },
  };
}
