/**
 * The first value `look` answers that is not undefined, looking again every `everyMs` for at most
 * `timeoutMs` (background work: the outbox workers): fails with what it was waiting for.
 */
export async function waitFor<T>(look: () => Promise<T | undefined>, timeoutMs = 15_000, everyMs = 50): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await look();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`waited ${timeoutMs} ms in vain for ${look.toString().slice(0, 200)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
