import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import type { ChatMessageView } from '../messages.ts';
import { MessageItem } from './message-item.tsx';

/** Messages rendered at first and added each time the reader reaches the top. */
export const MESSAGE_PAGE = 40;
/** Closer than this to the bottom, the list follows new text down. */
const STICK_DISTANCE_PX = 120;

/**
 * The conversation, newest at the bottom. Only the latest messages are rendered at first, and older
 * ones are added a page at a time as the reader scrolls up, so a chat of thousands of messages opens
 * at once; Chromium's scroll anchoring keeps the view still while they are added above. While the
 * reader is at the bottom the list follows a growing answer.
 */
export function MessageList({
  chatKey,
  messages,
  header,
}: {
  /** Changes with the thread: the list starts again at its latest messages. */
  chatKey: string;
  messages: readonly ChatMessageView[];
  /** Shown above the messages (the capacity notification). */
  header?: ReactNode;
}) {
  const scroller = useRef<HTMLElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const [page, setPage] = useState({ chatKey, count: MESSAGE_PAGE });
  const count = page.chatKey === chatKey ? page.count : MESSAGE_PAGE;
  const stuck = useRef(true);
  const first = Math.max(0, messages.length - count);
  const visible = first === 0 ? messages : messages.slice(first);

  // A new thread opens at its end.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the thread changes
  useLayoutEffect(() => {
    stuck.current = true;
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [chatKey]);

  // Growing content (a new message, an answer streaming in, an image loading) keeps the end in view.
  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner) return;
    const observer = new ResizeObserver(() => {
      if (stuck.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || first === 0) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) setPage({ chatKey, count: count + MESSAGE_PAGE });
      },
      { root: scroller.current, rootMargin: '400px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [first, count, chatKey]);

  // The scroller itself is the named region and takes focus: an answer of plain text has nothing
  // focusable inside, and a keyboard user must still be able to scroll it (WCAG 2.1.1).
  return (
    <section
      ref={scroller}
      aria-label={chatCopy.messages.listLabel}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      onScroll={(event) => {
        const el = event.currentTarget;
        stuck.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_DISTANCE_PX;
      }}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
    >
      <div ref={content} className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6">
        {header}
        {first > 0 ? (
          <div ref={sentinel} role="status" className="py-2 text-center text-xs text-slate-400">
            {chatCopy.messages.loadOlder}
          </div>
        ) : null}
        <div className="flex flex-col gap-6">
          {visible.map((message) => (
            <MessageItem key={message.key} message={message} />
          ))}
        </div>
      </div>
    </section>
  );
}
