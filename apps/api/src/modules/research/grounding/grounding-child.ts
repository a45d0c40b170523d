/**
 * The grounding process's entry (started through the process launcher, lib/child-processes, at a lower
 * priority than the server): it loads the research's text tools, says it is ready, then answers one task
 * per message (grounding-tasks.ts). The server's thread, answering chats, never runs them (ADR 0025).
 */
import { serveTasks } from '../../../lib/child-processes/serve-tasks.ts';
import { type GroundingTask, runGroundingTask } from './grounding-tasks.ts';

serveTasks((task: GroundingTask) => runGroundingTask(task));
