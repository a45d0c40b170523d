import { useEffect } from 'react';
import { type UIMatch, useMatches } from 'react-router';
import { publicConfig } from '../config/public-config.ts';

/** A route's `handle` names its page; the document title becomes 'Chats · Rumbo' (product.md §2.2). */
interface TitledHandle {
  title: string;
}

export const titled = (title: string): TitledHandle => ({ title });

export function documentTitle(title: string | null): string {
  return title ? `${title} · ${publicConfig.productName}` : publicConfig.productName;
}

/** The title of the deepest matched route that names one. */
export function useRouteTitle(): string | null {
  const matches = useMatches() as UIMatch<unknown, Partial<TitledHandle> | undefined>[];
  return matches.findLast((match) => match.handle?.title)?.handle?.title ?? null;
}

/** Sets the document title while `title` is shown; null leaves it to another screen. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title !== null) document.title = documentTitle(title);
  }, [title]);
}
