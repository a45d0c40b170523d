/**
 * A child's side of niced-process.ts (started through process-launcher.js, with plain `node`): once its
 * module has loaded its code, it says it is ready, then answers one task per message. It ends when its
 * launcher is gone (the server ended, or was killed): nothing is left to work for.
 */
export function serveTasks<Task, Result>(work: (task: Task) => Promise<Result> | Result): void {
  const send = (message: unknown) => process.send?.(message);
  process.on('message', async (task: Task) => {
    send({ result: await work(task) });
  });
  process.on('disconnect', () => process.exit(0));
  send({ ready: true });
}
