import type { ResearchReport, ResearchSource } from '@rumbo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { apiFetch } from '../../lib/api-client.ts';
import { latestResearchQueryOptions } from '../../lib/research-query.ts';

/**
 * The advisor cites the business's market-research report by number (docs/decisions/0038): in an
 * answer, an `[n]` that is one of the report's sources is a link to it, and any other `[n]` is not
 * shown (the server removes it when it stores the answer).
 */

type Sources = ReadonlyMap<number, Pick<ResearchSource, 'url' | 'title'>>;

const ReportSourcesContext = createContext<Sources>(new Map());

/** The report's query; its key is the report screen's, so the two share it. */
const reportQueryOptions = (researchId: number) =>
  queryOptions({
    queryKey: ['researches', researchId] as const,
    queryFn: ({ signal }) => apiFetch<ResearchReport>(`/api/researches/${researchId}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Gives the chat's answers the sources of the business's last completed report. */
export function ReportSourcesProvider({
  businessId,
  enabled,
  children,
}: {
  businessId: number;
  enabled: boolean;
  children: ReactNode;
}) {
  const latest = useQuery({ ...latestResearchQueryOptions(businessId), enabled });
  const id = latest.data?.last_completed_id ?? null;
  const report = useQuery({ ...reportQueryOptions(id ?? 0), enabled: enabled && id !== null });
  const sources = useMemo<Sources>(
    () => new Map((report.data?.sources ?? []).map((s) => [s.number, { url: s.url, title: s.title }])),
    [report.data],
  );
  return <ReportSourcesContext.Provider value={sources}>{children}</ReportSourcesContext.Provider>;
}

/** Markdown's own link syntax around a marker, so that it is not taken for a link text. */
const escapeMarker = (n: number) => `\\[${n}\\]`;

/** An answer's Markdown with its `[n]` citations as links to the report's sources, the others left out. */
export function linkCitations(markdown: string, sources: Sources): string {
  return markdown.replace(/\[(\d{1,3})\](?!\()/g, (_marker, digits: string) => {
    const source = sources.get(Number(digits));
    if (!source) return '';
    return `[${escapeMarker(Number(digits))}](${encodeURI(source.url).replace(/\)/g, '%29')})`;
  });
}

export function useReportSources(): Sources {
  return useContext(ReportSourcesContext);
}
