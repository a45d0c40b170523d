import * as RadixTooltip from '@radix-ui/react-tooltip';
import { type ReactElement, useId, useState } from 'react';

interface TooltipProps {
  text: string;
  /**
   * The trigger: one element that takes a ref and props (a `<button>`). Radix adds the pointer,
   * focus and ARIA wiring to it.
   */
  children: ReactElement;
  /**
   * 'label': the text is the trigger's own name (an icon-only button), so it only shows it; a click
   * does what the button does and hides the text. 'description' (default): the text says more, it is
   * the trigger's accessible description even while hidden, and a click (a tap on a phone, where
   * there is no hover) shows it.
   */
  kind?: 'label' | 'description';
}

/**
 * A tooltip (Radix Tooltip): it shows on hover after a short pause and at once on keyboard focus,
 * stays while the pointer moves onto it, and Escape hides it without moving focus (WCAG 1.4.13).
 */
export function Tooltip({ text, children, kind = 'description' }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const describes = kind === 'description';
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root open={open} onOpenChange={setOpen}>
        <RadixTooltip.Trigger
          asChild
          // One element carries the id at a time: the hidden copy while closed, the bubble while open.
          aria-describedby={describes && !open ? id : undefined}
          onClick={(event) => {
            if (!describes) return;
            event.preventDefault();
            setOpen(true);
          }}
        >
          {children}
        </RadixTooltip.Trigger>
        {describes && !open ? (
          <span id={id} hidden>
            {text}
          </span>
        ) : null}
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            id={describes ? id : undefined}
            side="top"
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-w-56 rounded-lg bg-slate-900 px-3 py-2 text-center text-xs font-normal text-white shadow-lg"
          >
            {text}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
