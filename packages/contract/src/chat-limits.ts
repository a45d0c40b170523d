// The sizes a message may have, on their own: the shared copy (loaded by every screen) quotes them, and
// the rest of the chat rules only the chat needs.

/** Longest message text accepted by the API. */
export const MESSAGE_MAX_LENGTH = 20_000;

/** Attachments of one message: how many, how big each and together. */
export const ATTACHMENT_MAX_FILES = 5;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENTS_MAX_TOTAL_BYTES = 25 * 1024 * 1024;

/** GET /businesses/{id}/chats answers at most this many chats per page (CHAT_LIST_PAGE_MAX when asked). */
export const CHAT_LIST_PAGE = 50;
export const CHAT_LIST_PAGE_MAX = 100;
