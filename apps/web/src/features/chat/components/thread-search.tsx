import {
  CHAT_SEARCH_MAX_LENGTH,
  CHAT_SEARCH_MIN_LENGTH,
  type Chat,
  type ChatSearchHit,
  SEARCH_MARK_END,
  SEARCH_MARK_START,
} from '@rumbo/contract';
import { useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { searchChats, searchQueryKey } from '../api/chat-actions.ts';

const t = chatCopy.threads;
/** The search waits for a pause in typing. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The box 'Buscar chats' (the text typed is the parent's, which shows results instead of the list). */
export function ThreadSearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="relative px-3 pb-2">
      <label htmlFor={id} className="sr-only">
        {t.search}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-6 size-4 -translate-y-[calc(50%+4px)] text-slate-500"
        aria-hidden="true"
      />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            // Escape clears the search first; the sidebar closes on the next one.
            event.stopPropagation();
            onChange('');
          }
        }}
        maxLength={CHAT_SEARCH_MAX_LENGTH}
        placeholder={t.searchPlaceholder}
        autoComplete="off"
        className="block min-h-10 w-full rounded-lg border border-slate-300 bg-white pr-9 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label={t.clearSearch}
          title={t.clearSearch}
          className="absolute top-0 right-3 flex size-10 items-center justify-center rounded-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}

/** The snippet's marked words as <mark>, the rest as text: nothing from the server is read as HTML. */
export function Snippet({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let rest = text;
  let key = 0;
  for (;;) {
    const start = rest.indexOf(SEARCH_MARK_START);
    const end = start < 0 ? -1 : rest.indexOf(SEARCH_MARK_END, start);
    if (start < 0 || end < 0) break;
    if (start > 0) parts.push(rest.slice(0, start));
    parts.push(
      <mark key={key++} className="rounded-sm bg-amber-100 px-0.5 text-slate-900">
        {rest.slice(start + 1, end)}
      </mark>,
    );
    rest = rest.slice(end + 1);
  }
  parts.push(rest.replaceAll(SEARCH_MARK_START, '').replaceAll(SEARCH_MARK_END, ''));
  return <>{parts}</>;
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The threads whose title or messages match the text typed (spec: titles and content, accents ignored). */
export function ThreadSearchResults({
  businessId,
  query,
  untitled,
  onSelect,
}: {
  businessId: number;
  query: string;
  untitled: string;
  onSelect: (chat: Chat) => void;
}) {
  const q = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const ready = q.length >= CHAT_SEARCH_MIN_LENGTH;
  const results = useQuery({
    queryKey: searchQueryKey(businessId, q),
    queryFn: ({ signal }) => searchChats(businessId, q, signal),
    enabled: ready,
    staleTime: 10_000,
  });
  const typing = q !== query.trim();
  let body: ReactNode;
  if (query.trim().length < CHAT_SEARCH_MIN_LENGTH) {
    body = <p className="px-2 py-3 text-sm text-slate-600">{t.searchTooShort}</p>;
  } else if (typing || results.isPending) {
    body = (
      <p role="status" className="px-2 py-3 text-sm text-slate-600">
        {t.searching}
      </p>
    );
  } else if (results.isError) {
    body = (
      <p role="alert" className="px-2 py-3 text-sm text-red-700">
        {t.searchFailed}
      </p>
    );
  } else if (results.data.length === 0) {
    body = (
      <p role="status" className="px-2 py-3 text-sm break-words text-slate-600">
        {t.noResults(q)}
      </p>
    );
  } else {
    body = (
      <ul className="space-y-0.5" aria-label={t.results}>
        {results.data.map((hit: ChatSearchHit) => (
          <li key={hit.chat.id}>
            <button
              type="button"
              onClick={() => onSelect(hit.chat)}
              className="block w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="block truncate font-medium text-slate-900">{hit.chat.title || untitled}</span>
              <span className="mt-0.5 line-clamp-3 block break-words text-xs leading-relaxed text-slate-600">
                <Snippet text={hit.snippet} />
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  }
  return <div aria-live="polite">{body}</div>;
}
