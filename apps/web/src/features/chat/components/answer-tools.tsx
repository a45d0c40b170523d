import type { AnswerFeedback } from '@rumbo/contract';
import { FEEDBACK_REASON_MAX_LENGTH } from '@rumbo/contract';
import { Check, ClipboardType, Copy, ThumbsDown, ThumbsUp } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { clearAnswerFeedback, setAnswerFeedback } from '../api/chat-actions.ts';
import { markdownToText } from '../markdown-text.ts';
import type { ChatMessageView } from '../messages.ts';

const t = chatCopy.answerTools;
/** How long 'Copiado' shows before the button reads as before (as the capacity notice's copy does). */
export const COPIED_MS = 3000;

const toolClass =
  'inline-flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 aria-pressed:text-brand-700 aria-pressed:bg-brand-50';

/** A tool with its words on it: the two copies are told apart without hovering. */
const labelledTool =
  'inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * Under a finished answer: copy it (as Markdown or as plain text) and rate it. The thread is the
 * address's (`/chat/{type}/{company}?chat=<id>`, ADR 0013), which names the business and the chat.
 */
export function AnswerTools({ message }: { message: ChatMessageView }) {
  const { company } = useParams();
  const [searchParams] = useSearchParams();
  const businessId = Number(company);
  const chatId = Number(searchParams.get('chat'));
  const rateable = message.id !== null && Number.isInteger(chatId) && chatId > 0 && businessId > 0;

  const [copied, setCopied] = useState<'markdown' | 'text' | 'failed' | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = (kind: 'markdown' | 'text') => {
    const text = kind === 'markdown' ? message.content : markdownToText(message.content);
    (navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard')))
      .then(() => setCopied(kind))
      .catch(() => setCopied('failed'));
  };

  const [feedback, setFeedback] = useState<AnswerFeedback | null>(message.feedback ?? null);
  const [askReason, setAskReason] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  const rate = async (rating: 'up' | 'down') => {
    if (!rateable || message.id === null) return;
    const previous = feedback;
    setNote(null);
    try {
      if (previous?.rating === rating) {
        setFeedback(null);
        setAskReason(false);
        await clearAnswerFeedback(businessId, chatId, message.id);
      } else {
        setFeedback({ rating, reason: null });
        setAskReason(rating === 'down');
        await setAnswerFeedback(businessId, chatId, message.id, { rating });
        if (rating === 'up') setNote(t.thanks);
      }
    } catch {
      setFeedback(previous);
      setAskReason(false);
      setNote(t.failed);
    }
  };

  const copyLabel = (kind: 'markdown' | 'text') =>
    copied === kind ? t.copied : kind === 'markdown' ? t.copyMarkdown : t.copyText;

  return (
    <div className="mt-2">
      <fieldset className="m-0 -ml-2 flex min-w-0 flex-wrap items-center gap-0.5 border-0 p-0">
        <legend className="sr-only">{t.label}</legend>
        <button type="button" onClick={() => copy('markdown')} className={labelledTool}>
          {copied === 'markdown' ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          {copyLabel('markdown')}
        </button>
        <button type="button" onClick={() => copy('text')} className={labelledTool}>
          {copied === 'text' ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <ClipboardType className="size-4" aria-hidden="true" />
          )}
          {copyLabel('text')}
        </button>
        {rateable ? (
          <>
            <button
              type="button"
              onClick={() => void rate('up')}
              aria-label={t.up}
              title={t.up}
              aria-pressed={feedback?.rating === 'up'}
              className={toolClass}
            >
              <ThumbsUp className="size-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => void rate('down')}
              aria-label={t.down}
              title={t.down}
              aria-pressed={feedback?.rating === 'down'}
              className={toolClass}
            >
              <ThumbsDown className="size-4" aria-hidden="true" />
            </button>
          </>
        ) : null}
        <span aria-live="polite" className="ml-1 text-xs font-medium text-slate-600">
          {copied === 'failed' ? t.copyFailed : copied ? t.copied : note}
        </span>
      </fieldset>
      {askReason && feedback?.rating === 'down' && message.id !== null ? (
        <ReasonForm
          initial={feedback.reason ?? ''}
          onSkip={() => setAskReason(false)}
          onSend={async (reason) => {
            if (message.id === null) return;
            try {
              setFeedback(
                await setAnswerFeedback(businessId, chatId, message.id, { rating: 'down', reason }),
              );
              setAskReason(false);
              setNote(t.thanks);
            } catch {
              setNote(t.failed);
            }
          }}
        />
      ) : null}
    </div>
  );
}

function ReasonForm({
  initial,
  onSend,
  onSkip,
}: {
  initial: string;
  onSend: (reason: string) => Promise<void>;
  onSkip: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState(initial);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    await onSend(reason.trim());
    setSending(false);
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-2 max-w-xl space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t.reasonLabel}
      </label>
      <textarea
        id={id}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={FEEDBACK_REASON_MAX_LENGTH}
        rows={2}
        // biome-ignore lint/a11y/noAutofocus: the form opens because the user just asked to give a reason.
        autoFocus
        placeholder={t.reasonPlaceholder}
        className="block w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-600"
      />
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={sending}
          className="inline-flex min-h-9 items-center rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:bg-slate-300"
        >
          {t.sendReason}
        </button>
        <button
          type="button"
          onClick={onSkip}
          className="inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t.skipReason}
        </button>
      </div>
    </form>
  );
}
