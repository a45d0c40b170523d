import { ArrowDown } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { chatFlowCopy } from '../../../config/copy/chat-flow.es.ts';
import type { ChatMessageView } from '../messages.ts';
import { type MessageActions, MessageItem } from './message-item.tsx';

/** Messages rendered at first and added each time the reader reaches the top. */
export const MESSAGE_PAGE = 40;
/**
 * Within this distance of the bottom the reader is "at the latest message" and the list follows new
 * text down; scrolling further up stops following. Small, so that a short scroll up is respected.
 */
const STICK_DISTANCE_PX = 48;
/**
 * How long after the reader's own gesture (wheel, touch, a scrolling key, focus moving inside the list)
 * a scroll counts as theirs. Only the reader stops the following: a scroll event the layout caused (an
 * answer's end shrinking the content, then its 'Respuesta detenida' line growing it again before the
 * event is handled) reads the new height and would otherwise look like a scroll up.
 */
const GESTURE_MS = 500;
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

/**
 * The conversation, newest at the bottom. Only the latest messages are rendered at first, and older
 * ones are added a page at a time as the reader scrolls up, so a chat of thousands of messages opens
 * at once; Chromium's scroll anchoring keeps the view still while they are added above.
 *
 * The window is fixed by its first message, not by a count from the end: counting from the end slid
 * the window as messages arrived (two added below, two dropped above), the list's height stayed the
 * same, nothing noticed the new question and it landed just out of view. While the reader is at the
 * bottom the list follows every new message and a growing answer; scrolled up, it stays put and offers
 * 'Ir al último mensaje'.
 */
export function MessageList({
  chatKey,
  messages,
  header,
  actions,
}: {
  /** Changes with the thread: the list starts again at its latest messages. */
  chatKey: string;
  messages: readonly ChatMessageView[];
  /** Shown above the messages (the capacity notification). */
  header?: ReactNode;
  /** What the messages offer (regenerate, retry, edit, switch versions). */
  actions?: MessageActions;
}) {
  const scroller = useRef<HTMLElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const [windowStart, setWindowStart] = useState<{ chatKey: string; key: string } | null>(null);
  const stuck = useRef(true);
  const [atBottom, setAtBottom] = useState(true);
  const gestureAt = useRef(Number.NEGATIVE_INFINITY);
  const draggingScrollbar = useRef(false);
  const readerMoved = () => {
    gestureAt.current = performance.now();
  };

  const startIndex =
    windowStart?.chatKey === chatKey ? messages.findIndex((m) => m.key === windowStart.key) : -1;
  const first = startIndex >= 0 ? startIndex : Math.max(0, messages.length - MESSAGE_PAGE);
  const visible = first === 0 ? messages : messages.slice(first);
  const firstKey = messages[first]?.key;

  // The window's first message is remembered, so that new messages extend it instead of sliding it.
  useLayoutEffect(() => {
    if (firstKey !== undefined && (windowStart?.chatKey !== chatKey || windowStart.key !== firstKey)) {
      setWindowStart({ chatKey, key: firstKey });
    }
  }, [chatKey, firstKey, windowStart]);

  const scrollToEnd = () => toEnd(scroller.current);

  // A new thread opens at its end.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the thread changes
  useLayoutEffect(() => {
    stuck.current = true;
    setAtBottom(true);
    scrollToEnd();
  }, [chatKey]);

  // A new message: the reader's own question always brings the end into view; anything else only
  // while they are at the bottom.
  const last = messages.at(-1);
  const lastKey = last?.key;
  const ownQuestion = last?.sender === 'user' && last.id === null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the last message changes
  useLayoutEffect(() => {
    if (ownQuestion || messages.at(-2)?.id === null) {
      stuck.current = true;
      setAtBottom(true);
    }
    if (stuck.current) scrollToEnd();
  }, [lastKey, messages.length]);

  // Growing content (an answer streaming in, an image loading, markdown laid out) keeps the end in view.
  useEffect(() => {
    const inner = content.current;
    if (!inner) return;
    const observer = new ResizeObserver(() => {
      if (stuck.current) toEnd(scroller.current);
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || first === 0) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        const older = messages[Math.max(0, first - MESSAGE_PAGE)];
        if (entry?.isIntersecting && older) setWindowStart({ chatKey, key: older.key });
      },
      { root: scroller.current, rootMargin: '400px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [first, messages, chatKey]);

  useKeyboardScrollables(content, messages);
  // Made once per set of actions, so that the messages they go to stay memoised.
  const offeredActions = useMemo(
    () => ({
      switchOnly: { onShowVersion: actions?.onShowVersion },
      editAndSwitch: { onEdit: actions?.onEdit, onShowVersion: actions?.onShowVersion },
    }),
    [actions],
  );

  const lastIndex = messages.length - 1;
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      {/* The scroller itself is the named region and takes focus: an answer of plain text has nothing
          focusable inside, and a keyboard user must still be able to scroll it (WCAG 2.1.1). */}
      <section
        ref={scroller}
        aria-label={chatCopy.messages.listLabel}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        data-testid="message-list"
        onWheel={readerMoved}
        onTouchMove={readerMoved}
        onFocus={readerMoved}
        onKeyDown={(event) => {
          if (SCROLL_KEYS.has(event.key)) readerMoved();
        }}
        onPointerDown={(event) => {
          // On the scroller itself (not a message): its scrollbar.
          draggingScrollbar.current = event.target === event.currentTarget;
        }}
        onPointerUp={() => {
          draggingScrollbar.current = false;
        }}
        onPointerCancel={() => {
          draggingScrollbar.current = false;
        }}
        onScroll={(event) => {
          const el = event.currentTarget;
          if (el.scrollHeight - el.scrollTop - el.clientHeight < STICK_DISTANCE_PX) {
            stuck.current = true;
            setAtBottom(true);
          } else if (draggingScrollbar.current || performance.now() - gestureAt.current < GESTURE_MS) {
            stuck.current = false;
            setAtBottom(false);
          } else if (stuck.current) {
            toEnd(el);
          }
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
            {visible.map((message, index) => {
              const at = first + index;
              // The last answer may be regenerated, any question edited (a new branch, ADR 0043), any
              // message with versions switched. A refusal for credits offers only 'Mejorar plan' and the
              // switch: regenerating or editing would be refused again.
              const offered = !actions
                ? undefined
                : last?.exhausted
                  ? offeredActions.switchOnly
                  : at === lastIndex
                    ? actions
                    : message.sender === 'user'
                      ? offeredActions.editAndSwitch
                      : offeredActions.switchOnly;
              return <MessageItem key={message.key} message={message} actions={offered} />;
            })}
          </div>
        </div>
      </section>
      {atBottom ? null : (
        <button
          type="button"
          onClick={() => {
            stuck.current = true;
            setAtBottom(true);
            scrollToEnd();
          }}
          className="absolute bottom-3 left-1/2 inline-flex min-h-10 -translate-x-1/2 items-center gap-2 rounded-full bg-slate-900 px-4 text-sm font-semibold text-white shadow-lg hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <ArrowDown className="size-4" aria-hidden="true" />
          {chatFlowCopy.jumpToLatest}
        </button>
      )}
    </div>
  );
}

function toEnd(el: HTMLElement | null) {
  if (el) el.scrollTop = el.scrollHeight;
}

/**
 * Code blocks and tables in answers that scroll sideways are made reachable by keyboard (a focusable,
 * named region, axe's scrollable-region-focusable): they are drawn by Streamdown, so this marks them
 * once they are laid out, and again as answers grow or the window is resized.
 */
function useKeyboardScrollables(root: RefObject<HTMLElement | null>, messages: unknown) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again whenever the messages change
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const mark = () => {
      const candidates = el.querySelectorAll<HTMLElement>(
        '[data-sender="ai_model"] pre, [data-sender="ai_model"] [class*="overflow"]',
      );
      for (const node of candidates) {
        const overflow = getComputedStyle(node).overflowX;
        if (overflow !== 'auto' && overflow !== 'scroll') continue;
        const scrolls = node.scrollWidth > node.clientWidth + 1;
        if (scrolls && !node.hasAttribute('tabindex')) {
          node.tabIndex = 0;
          node.setAttribute('role', 'region');
          node.setAttribute(
            'aria-label',
            node.querySelector('pre, code') ? chatFlowCopy.codeBlock : chatFlowCopy.scrollableBlock,
          );
          node.dataset.keyboardScroll = 'true';
        } else if (!scrolls && node.dataset.keyboardScroll === 'true') {
          node.removeAttribute('tabindex');
          node.removeAttribute('role');
          node.removeAttribute('aria-label');
          delete node.dataset.keyboardScroll;
        }
      }
    };
    const frame = requestAnimationFrame(mark);
    window.addEventListener('resize', mark);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', mark);
    };
  }, [root, messages]);
}
