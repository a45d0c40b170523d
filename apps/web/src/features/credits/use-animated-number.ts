import { useEffect, useRef, useState } from 'react';

/** product.md §9: the credits counter animates over 60 frames with easing. */
export const COUNTER_FRAMES = 60;

/** Fast at first, settling gently on the final value. */
export function easeOutCubic(progress: number): number {
  return 1 - (1 - progress) ** 3;
}

/** The value shown at `frame` (1…frames) of an animation from `from` to `to`; exactly `to` at the end. */
export function frameValue(from: number, to: number, frame: number, frames = COUNTER_FRAMES): number {
  if (frame >= frames) return to;
  return Math.round(from + (to - from) * easeOutCubic(frame / frames));
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Counts to `target` one animation frame at a time: from 0 the first time, then from the value on
 * screen whenever the target changes (credits spent in a chat count down). Users who ask for reduced
 * motion see the value at once.
 */
export function useAnimatedNumber(target: number, frames = COUNTER_FRAMES): number {
  const [value, setValue] = useState(() => (prefersReducedMotion() ? target : 0));
  const shown = useRef(value);

  useEffect(() => {
    const from = shown.current;
    if (from === target || prefersReducedMotion()) {
      shown.current = target;
      setValue(target);
      return;
    }
    let frame = 0;
    let handle = 0;
    const step = () => {
      frame += 1;
      const next = frameValue(from, target, frame, frames);
      shown.current = next;
      setValue(next);
      if (frame < frames) handle = requestAnimationFrame(step);
    };
    handle = requestAnimationFrame(step);
    return () => cancelAnimationFrame(handle);
  }, [target, frames]);

  return value;
}
