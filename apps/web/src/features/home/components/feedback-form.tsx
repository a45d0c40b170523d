import { FEEDBACK_MAX_LENGTH } from '@rumbo/contract';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { copy } from '../../../config/copy.es.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { sendFeedback } from '../api/home.ts';
import { FEEDBACK_FORM_ID } from '../feedback-anchor.ts';

const t = copy.home.feedback;

/**
 * The in-app feedback form (ADR 0047): without a FEEDBACK_URL, comments are stored for the operator,
 * who reads them in the console.
 */
export function FeedbackForm({ page }: { page: string }) {
  const fieldId = useId();
  const hintId = useId();
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({ mutationFn: sendFeedback });
  const field = useRef<HTMLTextAreaElement>(null);
  // Reached from the privacy page's link (/#comentarios): the screen renders after the browser looked
  // for the anchor, so the form brings itself into view.
  useEffect(() => {
    if (window.location.hash !== `#${FEEDBACK_FORM_ID}`) return;
    field.current?.scrollIntoView({ block: 'center' });
    field.current?.focus({ preventScroll: true });
  }, []);

  if (send.isSuccess) {
    return (
      <div className="space-y-3">
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-emerald-800">
          <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
          {t.sent}
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            setMessage('');
            send.reset();
          }}
        >
          {t.another}
        </Button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = message.trim();
    if (!text) return setProblem(t.empty);
    if (text.length > FEEDBACK_MAX_LENGTH) return setProblem(t.tooLong);
    setProblem(null);
    send.mutate({ message: text, page });
  };
  const error =
    problem ??
    (send.error
      ? send.error instanceof ApiError && send.error.status !== 0 && send.error.status < 500
        ? send.error.message
        : t.failed
      : null);

  return (
    <form id={FEEDBACK_FORM_ID} noValidate onSubmit={submit} className="space-y-3">
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
        {t.label}
      </label>
      <textarea
        ref={field}
        id={fieldId}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        rows={4}
        maxLength={FEEDBACK_MAX_LENGTH}
        placeholder={t.placeholder}
        aria-describedby={hintId}
        aria-invalid={problem ? true : undefined}
        className="block w-full rounded-lg border-0 px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-brand-600 focus:ring-inset"
      />
      <p id={hintId} className="flex justify-between gap-3 text-xs text-slate-500">
        <span>{t.hint}</span>
        <span aria-hidden="true" className="whitespace-nowrap">
          {t.count(message.length)}
        </span>
      </p>
      {error ? <FormAlert message={error} /> : null}
      <Button type="submit" loading={send.isPending}>
        {t.send}
      </Button>
    </form>
  );
}
