/**
 * A reading process's entry (started through the process launcher, lib/child-processes): it loads the
 * document readers, says it is ready, then reads one document per message and answers with its text or
 * refusal. A hostile document can take this process's time and memory, never the server's: the server
 * kills it past its limits, and the kernel takes back all it held.
 */
import { serveTasks } from '../../../lib/child-processes/serve-tasks.ts';
import { type ExtractTask, readDocument } from './read-document.ts';

serveTasks((task: ExtractTask) => readDocument(task));
