declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers every guest the same (the catalogue): its answers may be kept by a shared
     * cache. Every other API answer is private.
     */
    sharedAnswer?: boolean;
  }
}

/** Route options of an answer that is the same for every guest. */
export const sharedAnswer = { sharedAnswer: true } as const;
