import cliProgress from 'cli-progress';

export interface Progress {
  update(phase: string, done: number, total: number): void;
  stop(): void;
}

/**
 * Progress of long command-line work: bars in a terminal; elsewhere (CI, logs, pipes) a plain line
 * every few seconds and at the end of each phase, which bars cannot give.
 */
export function progress(stream: NodeJS.WriteStream = process.stderr, intervalMs = 3000): Progress {
  if (stream.isTTY) {
    const bars = new cliProgress.MultiBar(
      { format: ' {phase} [{bar}] {percentage}% | {value}/{total} | {duration}s', hideCursor: true, stream },
      cliProgress.Presets.shades_classic,
    );
    const shown = new Map<string, cliProgress.SingleBar>();
    return {
      update(phase, done, total) {
        let bar = shown.get(phase);
        if (!bar) {
          bar = bars.create(total, 0, { phase: phase.padEnd(8) });
          shown.set(phase, bar);
        }
        bar.update(done, { phase: phase.padEnd(8) });
      },
      stop: () => bars.stop(),
    };
  }
  const started = performance.now();
  let lastLine = Number.NEGATIVE_INFINITY;
  return {
    update(phase, done, total) {
      const now = performance.now();
      if (done < total && now - lastLine < intervalMs) return;
      lastLine = now;
      const seconds = ((now - started) / 1000).toFixed(1);
      stream.write(`${phase}: ${done}/${total} (${Math.floor((done / total) * 100)}%) ${seconds}s\n`);
    },
    stop() {},
  };
}
