import { useEffect, useRef, useState } from 'react';

/** product.md §9: streamed text appears at one character per millisecond. */
export const REVEAL_CHARS_PER_MS = 1;

/**
 * How much of a growing text to show. Text that was complete when it arrived shows whole; text that
 * arrives while `streaming` is revealed at one character per millisecond, one update per animation
 * frame (a burst of text never renders more often than the screen refreshes), and keeps catching up
 * after the stream has ended.
 */
export function useRevealedText(text: string, streaming: boolean): string {
  const animated = useRef(streaming);
  if (streaming) animated.current = true;
  const animate = animated.current;
  // What is already there when the message appears (a reopened chat) shows at once.
  const [shown, setShown] = useState(text.length);
  const target = useRef(text.length);
  target.current = text.length;
  const behind = animate && shown < text.length;

  useEffect(() => {
    if (!behind) return;
    let frame = 0;
    let previous = performance.now();
    const step = (now: number) => {
      const elapsed = now - previous;
      previous = now;
      setShown((count) =>
        Math.min(target.current, count + Math.max(1, Math.round(elapsed * REVEAL_CHARS_PER_MS))),
      );
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [behind]);

  if (!animate) return text;
  // A retry starts the answer again from nothing: never show more than there is.
  return text.slice(0, Math.min(shown, text.length));
}
