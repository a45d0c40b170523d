import { type RefObject, useEffect, useRef } from 'react';

/** Whether keys typed now go into a field (then '/' and '?' are text, not shortcuts). */
function typingInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit'].includes(target.type)
  );
}

/**
 * The chat screen's keyboard shortcuts: Escape stops an answer being written, '/' goes to the message
 * field, '?' opens the list of shortcuts. A dialog that is open handles its own keys (the page behind it
 * is inert), and Escape that something else already handled (an edit being cancelled) is left alone.
 */
export function useChatShortcuts(options: {
  input: RefObject<HTMLTextAreaElement | null>;
  streaming: boolean;
  onStop: () => void;
  onHelp: () => void;
  /** False while a dialog is open. */
  enabled: boolean;
}) {
  const current = useRef(options);
  current.current = options;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { input, streaming, onStop, onHelp, enabled } = current.current;
      if (!enabled || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'Escape' && streaming) {
        event.preventDefault();
        onStop();
      } else if (event.key === '/' && !typingInField(event.target)) {
        event.preventDefault();
        input.current?.focus();
      } else if (event.key === '?' && !typingInField(event.target)) {
        event.preventDefault();
        onHelp();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
