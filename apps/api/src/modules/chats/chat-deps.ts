import type { Assistant } from '../../ai/assistant.ts';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../files/storage.ts';
import type { ChatEngine } from './engine/engine.ts';

/** What the chat routes are built with (app.ts) and the use cases work with (each takes the part it needs). */
export interface ChatDeps {
  db: Db;
  storage: FileStorage;
  engine: ChatEngine;
  assistant: Assistant;
  productName: string;
  /** WRITE_LIMIT_MULTIPLIER: scales the per-user limits on sends and read files. */
  writeLimitMultiplier: number;
}
