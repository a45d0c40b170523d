import { CircleAlert } from 'lucide-react';

/** An error message for a whole form, announced to screen readers when it appears. */
export function FormAlert({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-700 ring-1 ring-red-200"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}
