/** Said while a part of the console loads. */
export function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-6 text-sm text-slate-600">
      <span
        className="size-5 animate-spin rounded-full border-2 border-brand-100 border-t-brand-600"
        aria-hidden="true"
      />
      {label}
    </div>
  );
}

/** A part of the console with nothing to show. */
export function Empty({ text }: { text: string }) {
  return <p className="py-4 text-sm text-slate-500">{text}</p>;
}
