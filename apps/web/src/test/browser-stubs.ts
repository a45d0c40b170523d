import { vi } from 'vitest';

/** jsdom has no layout: ResizeObserver and IntersectionObserver that never report. */
export function stubLayoutObservers() {
  class Silent {
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', Silent);
  vi.stubGlobal('IntersectionObserver', Silent);
}
