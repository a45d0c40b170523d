import { ArrowUp, Keyboard, Paperclip, Square, X } from 'lucide-react';
import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { preloadMarkdownAnswer } from '../../../components/markdown-answer-loader.ts';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { chatFlowCopy } from '../../../config/copy/chat-flow.es.ts';
import { ACCEPTED_FILES, admitFiles } from '../attachment-rules.ts';
import { type PendingAttachment, readAttachment } from '../messages.ts';
import { AttachmentLabel, AttachmentPreview } from './attachment-tile.tsx';
import { IconButton } from './icon-button.tsx';

const t = chatCopy.input;
/** The textarea grows with its text up to this height, then scrolls. */
const MAX_INPUT_HEIGHT_PX = 200;

export interface ChatInputProps {
  productName: string;
  /** product.md §4: false while loading or while the last answer is unfinished. */
  canSend: boolean;
  /** An answer is streaming: the send button becomes the stop button. */
  streaming: boolean;
  onSend: (text: string, files: PendingAttachment[]) => Promise<boolean>;
  onStop: () => void;
  onNotices: (notices: string[]) => void;
  footer?: React.ReactNode;
  /** The message field, for the '/' shortcut. */
  inputRef?: React.RefObject<HTMLTextAreaElement | null>;
  /** Opens the list of keyboard shortcuts. */
  onShortcuts?: () => void;
}

/**
 * product.md §2.6 'Input area': a growing textarea, attachments with preview, name and size, Enter to send
 * and Shift+Enter for a new line, the stop button while an answer streams, and the disclaimer.
 */
export function ChatInput({
  productName,
  canSend,
  streaming,
  onSend,
  onStop,
  onNotices,
  footer,
  inputRef,
  onShortcuts,
}: ChatInputProps) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<PendingAttachment[]>([]);
  const ownTextarea = useRef<HTMLTextAreaElement>(null);
  const textarea = inputRef ?? ownTextarea;
  const picker = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const disclaimerId = useId();
  const hasContent = text.trim() !== '' || files.length > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    // Empty (as the chat opens, and after a send): one row, the CSS's height, without measuring. Reading
    // scrollHeight makes the browser lay out the whole page there and then, on the chat's first paint.
    if (text === '') {
      el.style.height = '';
      return;
    }
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_INPUT_HEIGHT_PX)}px`;
  }, [text]);

  async function submit() {
    if (!canSend || !hasContent) return;
    const sentText = text;
    const sentFiles = files;
    // Cleared at once so the next message can be written while this one is answered.
    setText('');
    setFiles([]);
    const sent = await onSend(sentText, sentFiles);
    if (!sent) {
      setText(sentText);
      setFiles(sentFiles);
    }
  }

  async function pick(list: FileList | null) {
    const picked = Array.from(list ?? []);
    if (picker.current) picker.current.value = '';
    const { admitted, notices } = admitFiles(files, picked);
    const read = await Promise.allSettled(admitted.map(readAttachment));
    const added: PendingAttachment[] = [];
    read.forEach((result, index) => {
      if (result.status === 'fulfilled') added.push(result.value);
      else notices.push(t.unreadable(admitted[index]?.name ?? ''));
    });
    setFiles((current) => [...current, ...added]);
    onNotices(notices);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-3 pb-3 sm:px-6 sm:pb-4">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        className="rounded-2xl bg-white p-2 shadow-sm ring-1 ring-slate-300 focus-within:ring-2 focus-within:ring-brand-500"
      >
        {files.length > 0 ? (
          <ul className="flex flex-wrap gap-2 p-1 pb-2">
            {files.map((file) => (
              <li
                key={file.key}
                className="flex max-w-full items-center gap-2 rounded-xl bg-slate-50 p-1.5 pr-1 ring-1 ring-slate-200"
              >
                <AttachmentPreview attachment={file} />
                <AttachmentLabel name={file.name} size={file.size} />
                <button
                  type="button"
                  onClick={() => setFiles((current) => current.filter((f) => f.key !== file.key))}
                  aria-label={t.removeAttachment(file.name)}
                  className="flex size-7 items-center justify-center rounded-md text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex items-end gap-1">
          <IconButton variant="muted" onClick={() => picker.current?.click()} label={t.attach}>
            <Paperclip className="size-5" aria-hidden="true" />
          </IconButton>
          <input
            ref={picker}
            type="file"
            multiple
            accept={ACCEPTED_FILES}
            className="hidden"
            tabIndex={-1}
            data-testid="chat-file-input"
            onChange={(event) => void pick(event.currentTarget.files)}
          />
          <label htmlFor={inputId} className="sr-only">
            {t.label}
          </label>
          <textarea
            id={inputId}
            ref={textarea}
            rows={1}
            value={text}
            // Writing means an answer will follow: its markdown renderer starts downloading now.
            onFocus={preloadMarkdownAnswer}
            onChange={(event) => {
              preloadMarkdownAnswer();
              setText(event.target.value);
            }}
            onKeyDown={onKeyDown}
            placeholder={t.placeholder(productName)}
            aria-describedby={disclaimerId}
            className="max-h-[200px] min-h-10 flex-1 resize-none bg-transparent px-2 py-2 text-[15px] leading-6 text-slate-900 placeholder:text-slate-400 focus:outline-none"
          />
          {streaming ? (
            <IconButton variant="dark" onClick={onStop} label={t.stop}>
              <Square className="size-4 fill-current" aria-hidden="true" />
            </IconButton>
          ) : (
            <IconButton variant="brand" type="submit" disabled={!canSend || !hasContent} label={t.send}>
              <ArrowUp className="size-5" aria-hidden="true" />
            </IconButton>
          )}
        </div>
      </form>
      {footer}
      <div className="mt-2 flex items-center justify-center gap-x-3">
        <p id={disclaimerId} className="text-center text-xs text-slate-500">
          {t.disclaimer(productName)}
        </p>
        {onShortcuts ? (
          <button
            type="button"
            onClick={onShortcuts}
            className="hidden min-h-6 shrink-0 items-center gap-1 rounded px-1 text-xs text-slate-500 underline-offset-2 hover:text-slate-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 sm:inline-flex"
          >
            <Keyboard className="size-3.5" aria-hidden="true" />
            {chatFlowCopy.shortcuts.open}
          </button>
        ) : null}
      </div>
    </div>
  );
}
