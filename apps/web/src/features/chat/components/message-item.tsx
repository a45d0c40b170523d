import { FAILED_ANSWER_MESSAGE } from '@rumbo/contract';
import { Sparkles } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { MarkdownAnswer } from '../../../components/markdown-answer.tsx';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { paths } from '../../../config/paths.ts';
import { useRevealedText } from '../hooks/use-revealed-text.ts';
import { type ChatMessageView, isFailedAnswer } from '../messages.ts';
import { AttachmentLabel, AttachmentPreview } from './attachment-tile.tsx';

const t = chatCopy.messages;

/** One message. Memoised: while an answer grows, the rest of the conversation does not render again. */
export const MessageItem = memo(function MessageItem({ message }: { message: ChatMessageView }) {
  return message.sender === 'user' ? <UserMessage message={message} /> : <AnswerMessage message={message} />;
});

function UserMessage({ message }: { message: ChatMessageView }) {
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
      {message.content ? (
        <p className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-brand-600 px-4 py-2.5 text-[15px] leading-relaxed text-white sm:max-w-[75%]">
          {message.content}
        </p>
      ) : null}
    </article>
  );
}

function AnswerMessage({ message }: { message: ChatMessageView }) {
  const failed = isFailedAnswer(message);
  const text = useRevealedText(failed ? FAILED_ANSWER_MESSAGE : message.content, message.streaming);
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
          <span role="status" aria-label={t.writing} className="flex h-6 items-center gap-1">
            {[0, 150, 300].map((delay) => (
              <span
                key={delay}
                className="size-2 animate-bounce rounded-full bg-brand-500"
                style={{ animationDelay: `${delay}ms` }}
              />
            ))}
          </span>
        ) : failed ? (
          <p className="text-[15px] leading-relaxed text-red-700">{text}</p>
        ) : (
          <MarkdownAnswer text={text} streaming={message.streaming} />
        )}
        {message.interrupted ? (
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            {t.interrupted}
          </p>
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
