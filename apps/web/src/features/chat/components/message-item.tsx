import { FAILED_ANSWER_MESSAGE, splitPlanChanges, splitRoadmapTasks } from '@rumbo/contract';
import { Pencil, RefreshCw, RotateCcw, Sparkles } from 'lucide-react';
import { type ComponentType, lazy, memo, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { answerTextClass } from '../../../components/answer-text.ts';
import { loadMarkdownAnswer } from '../../../components/markdown-answer-loader.ts';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { chatFlowCopy as f } from '../../../config/copy/chat-flow.es.ts';
import { paths } from '../../../config/paths.ts';
import { useRevealedText } from '../hooks/use-revealed-text.ts';
import { markdownToText } from '../markdown-text.ts';
import { type ChatMessageView, isFailedAnswer } from '../messages.ts';
import { PlanChangesCard } from '../plan-changes.tsx';
import { linkCitations, useReportSources } from '../report-citations.tsx';
import { RoadmapTasksCard } from '../roadmap-tasks.tsx';
import { AnswerTools } from './answer-tools.tsx';
import { AttachmentLabel, AttachmentPreview } from './attachment-tile.tsx';
import { VersionSwitcher } from './version-switcher.tsx';

const t = chatCopy.messages;

/** An answer's text without its marks, in the box its markdown will have. */
function PlainAnswer({ text }: { text: string }) {
  return <div className={`${answerTextClass} whitespace-pre-wrap`}>{markdownToText(text)}</div>;
}

// The markdown renderer is loaded on demand (markdown-answer-loader.ts); until it has arrived each answer
// shows as plain text. Should it fail to arrive (a dropped connection, a deploy that replaced it) the
// answers stay plain text rather than the screen failing.
const MarkdownAnswer = lazy<ComponentType<{ text: string; streaming: boolean }>>(() =>
  loadMarkdownAnswer().then(
    (module) => ({ default: module.MarkdownAnswer }),
    () => ({ default: PlainAnswer }),
  ),
);

/**
 * What a message offers: the last answer made again ('Regenerar', 'Reintentar' after a failure), any
 * question edited and asked again (a new branch, ADR 0043), and another version of a message shown.
 */
export interface MessageActions {
  onRegenerate?: (answer: ChatMessageView) => void;
  onEdit?: (question: ChatMessageView, content: string) => void;
  onShowVersion?: (messageId: number) => void;
}

/** One message. Memoised: while an answer grows, the rest of the conversation does not render again. */
export const MessageItem = memo(function MessageItem({
  message,
  actions,
}: {
  message: ChatMessageView;
  actions?: MessageActions;
}) {
  return message.sender === 'user' ? (
    <UserMessage message={message} onEdit={actions?.onEdit} onShowVersion={actions?.onShowVersion} />
  ) : (
    <AnswerMessage
      message={message}
      onRegenerate={actions?.onRegenerate}
      onShowVersion={actions?.onShowVersion}
    />
  );
});

const smallButton =
  'inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-slate-600 hover:bg-slate-200/70 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600';

function UserMessage({
  message,
  onEdit,
  onShowVersion,
}: {
  message: ChatMessageView;
  onEdit?: MessageActions['onEdit'];
  onShowVersion?: MessageActions['onShowVersion'];
}) {
  const [editing, setEditing] = useState(false);
  return (
    <article
      className="flex flex-col items-end gap-2"
      data-message-id={message.id ?? undefined}
      data-sender="user"
    >
      <h3 className="sr-only">{t.you}</h3>
      {message.attachments.length > 0 ? (
        <ul className="flex max-w-full flex-wrap justify-end gap-2">
          {message.attachments.map((file) => (
            <li key={file.key}>
              <a
                href={file.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t.openAttachment(file.name)}
                className="flex max-w-64 items-center gap-2 rounded-xl bg-white p-2 pr-3 ring-1 ring-slate-200 hover:ring-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <AttachmentPreview
                  attachment={file}
                  className={file.type === 'image' ? 'size-16' : 'size-10'}
                />
                <AttachmentLabel name={file.name} size={file.size} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {editing && onEdit ? (
        <EditQuestion
          initial={message.content}
          onCancel={() => setEditing(false)}
          onSend={(content) => {
            setEditing(false);
            onEdit(message, content);
          }}
        />
      ) : message.content ? (
        <p className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-brand-600 px-4 py-2.5 text-[15px] leading-relaxed text-white sm:max-w-[75%]">
          {message.content}
        </p>
      ) : null}
      {!editing && (message.versions || (onEdit && message.id !== null)) ? (
        <div className="flex items-center gap-1">
          {message.versions ? (
            <VersionSwitcher
              id={message.id}
              versions={message.versions}
              what="question"
              onShow={onShowVersion}
            />
          ) : null}
          {onEdit && message.id !== null ? (
            <button
              type="button"
              className={smallButton}
              aria-label={f.editLabel}
              onClick={() => setEditing(true)}
            >
              <Pencil className="size-4" aria-hidden="true" />
              {f.edit}
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/** A question in a textarea: Enter or 'Enviar' sends it again, Escape or 'Cancelar' leaves it. */
function EditQuestion({
  initial,
  onSend,
  onCancel,
}: {
  initial: string;
  onSend: (content: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  const field = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  useEffect(() => {
    const el = field.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  const submit = () => {
    if (text.trim() !== '') onSend(text.trim());
  };
  return (
    <form
      className="flex w-full max-w-[85%] flex-col gap-2 sm:max-w-[75%]"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <textarea
        ref={field}
        value={text}
        rows={3}
        aria-label={f.editField}
        aria-describedby={hintId}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            // Cancels the edit only (the screen's Escape stops answers).
            event.preventDefault();
            event.stopPropagation();
            onCancel();
          } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
        className="w-full resize-y rounded-2xl bg-white px-4 py-2.5 text-[15px] leading-relaxed text-slate-900 ring-2 ring-brand-500 focus:outline-none"
      />
      <div className="flex items-center justify-end gap-2">
        <span id={hintId} className="mr-auto text-xs text-slate-500">
          {f.editHint}
        </span>
        <button type="button" onClick={onCancel} className={smallButton}>
          {f.editCancel}
        </button>
        <button
          type="submit"
          disabled={text.trim() === ''}
          className="inline-flex min-h-9 items-center rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {f.editSend}
        </button>
      </div>
    </form>
  );
}

function AnswerMessage({
  message,
  onRegenerate,
  onShowVersion,
}: {
  message: ChatMessageView;
  onRegenerate?: MessageActions['onRegenerate'];
  onShowVersion?: MessageActions['onShowVersion'];
}) {
  const failed = isFailedAnswer(message);
  const revealed = useRevealedText(failed ? FAILED_ANSWER_MESSAGE : message.content, message.streaming);
  // A change to the financial plan the answer proposes is shown as a card, not as its marker (ADR 0041).
  // So are the tasks it proposes for the roadmap (ADR 0055).
  const { text, changes, tasks } = useMemo(() => {
    const plan = splitPlanChanges(revealed);
    const roadmap = splitRoadmapTasks(plan.text);
    return { text: roadmap.text, changes: plan.changes, tasks: roadmap.tasks };
  }, [revealed]);
  const sources = useReportSources();
  const waiting = message.streaming && text === '';
  return (
    <article
      className="flex gap-3"
      data-message-id={message.id ?? undefined}
      data-sender="ai_model"
      data-finished={message.finished}
      aria-busy={message.streaming || undefined}
    >
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-1 ring-brand-100">
        <Sparkles className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 pt-1">
        <h3 className="sr-only">{t.advisor}</h3>
        {waiting ? (
          <span className="flex items-center gap-3">
            <span role="status" aria-label={t.writing} className="flex h-6 items-center gap-1">
              {[0, 150, 300].map((delay) => (
                <span
                  key={delay}
                  className="size-2 animate-bounce rounded-full bg-brand-500"
                  style={{ animationDelay: `${delay}ms` }}
                />
              ))}
            </span>
            {message.retrying ? (
              <span role="status" className="text-sm text-slate-600">
                {f.retrying(message.retrying.attempt, message.retrying.max)}
              </span>
            ) : null}
          </span>
        ) : failed ? (
          <div role="alert" className="flex flex-col items-start gap-2">
            <p className="text-[15px] leading-relaxed text-red-700">{text}</p>
            {onRegenerate ? (
              <button
                type="button"
                onClick={() => onRegenerate(message)}
                className="inline-flex min-h-9 items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <RotateCcw className="size-4" aria-hidden="true" />
                {f.retry}
              </button>
            ) : null}
          </div>
        ) : (
          // One boundary per answer: while the renderer loads, only the answer's own text is drawn plain.
          <Suspense fallback={<PlainAnswer text={text} />}>
            <MarkdownAnswer text={linkCitations(text, sources)} streaming={message.streaming} />
          </Suspense>
        )}
        {changes.length > 0 && message.finished && !message.streaming && !failed ? (
          <PlanChangesCard changes={changes} />
        ) : null}
        {tasks.length > 0 && message.finished && !message.streaming && !failed ? (
          <RoadmapTasksCard tasks={tasks} />
        ) : null}
        {message.stopped && !message.streaming ? (
          <p className="mt-2 text-sm text-slate-500" data-testid="answer-stopped">
            {f.stopped} · {message.charged ? f.stoppedCharged : f.stoppedFree}
          </p>
        ) : null}
        {message.versions || (onRegenerate && message.finished && !message.streaming && !failed) ? (
          <div className="mt-2 -ml-2.5 flex flex-wrap items-center gap-1">
            {message.versions ? (
              <VersionSwitcher
                id={message.id}
                versions={message.versions}
                what="answer"
                onShow={message.streaming ? undefined : onShowVersion}
              />
            ) : null}
            {onRegenerate && message.finished && !message.streaming && !failed ? (
              <button
                type="button"
                className={smallButton}
                aria-label={f.regenerateLabel}
                onClick={() => onRegenerate(message)}
              >
                <RefreshCw className="size-4" aria-hidden="true" />
                {f.regenerate}
              </button>
            ) : null}
          </div>
        ) : null}
        {message.interrupted ? (
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            {t.interrupted}
          </p>
        ) : null}
        {message.finished && !message.streaming && !failed && !message.exhausted && message.content ? (
          <AnswerTools message={message} />
        ) : null}
        {message.exhausted && !message.streaming ? (
          <Link
            to={paths.subscription}
            className="mt-3 inline-flex min-h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {t.upgrade}
          </Link>
        ) : null}
      </div>
    </article>
  );
}
