/** Lists a catalogue's words on a thread of its own (see `listWordsOnAThread` in word-slots.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { type ListedOnAThread, WordSlots } from './word-slots.ts';

const { texts } = workerData as { texts: string[] };
const listed: ListedOnAThread = texts.map((text) => {
  const slots = new WordSlots();
  const lines = slots.addLines(text, 0);
  return { ...slots.packed(), lines };
});
parentPort?.postMessage(
  listed,
  listed.flatMap((column) => [column.ends.buffer, column.slots.buffer]),
);
