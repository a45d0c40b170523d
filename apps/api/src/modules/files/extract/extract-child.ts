/**
 * A reading process's entry (started through reader-launcher.js, with plain `node`): it loads the
 * document readers, says it is ready, then reads one document per message and answers with its text or
 * refusal. A hostile document can take this process's time and memory, never the server's: the server
 * kills it past its limits, and the kernel takes back all it held.
 */
import { type ExtractTask, readDocument } from './read-document.ts';

const send = (message: unknown) => process.send?.(message);

process.on('message', async (task: ExtractTask) => {
  send({ result: await readDocument(task) });
});
// The launcher is gone (the server ended, or was killed): nothing is left to read for.
process.on('disconnect', () => process.exit(0));
send({ ready: true });
