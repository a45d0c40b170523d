import type { ChatService } from './service.ts';
import type { WriteTick } from './write-tick.ts';

/** What the chat routes are built with (app.ts). */
export interface ChatRouteDeps {
  service: ChatService;
  /** The engine's pacing of the writes of streamed answers (`ChatEngine.writeTick`). */
  writeTick: WriteTick;
}
