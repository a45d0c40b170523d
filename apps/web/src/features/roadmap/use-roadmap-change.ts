import type { RoadmapView } from '@rumbo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { roadmapCopy as t } from '../../config/copy/roadmap.es.ts';
import { ApiError } from '../../lib/api-client.ts';
import { roadmapQueryKey } from '../../lib/roadmap-query.ts';

export interface ChangeOptions {
  /** Shown at once, before the server answers (a reorder). */
  optimistic?: (view: RoadmapView) => RoadmapView;
  /** What the live region says when it is done (by default, the change's own description). */
  done?: string;
}

export type RunChange = (send: () => Promise<RoadmapView>, options?: ChangeOptions) => Promise<boolean>;

/** The roadmap's changes, one way for all: the cache, the announcement and the error. */
export function useRoadmapChange(businessId: number): { run: RunChange; message: string; error: string } {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const run = useCallback<RunChange>(
    async (send, options = {}) => {
      const key = roadmapQueryKey(businessId);
      const before = queryClient.getQueryData<RoadmapView>(key);
      if (before && options.optimistic) queryClient.setQueryData(key, options.optimistic(before));
      setError('');
      try {
        const view = await send();
        queryClient.setQueryData(key, view);
        setMessage(options.done ?? (view.roadmap?.undo ? `${t.saved}: ${view.roadmap.undo.label}` : t.saved));
        return true;
      } catch (caught) {
        if (before) queryClient.setQueryData(key, before);
        setError(caught instanceof ApiError && caught.status !== 0 ? caught.message : t.failed);
        void queryClient.invalidateQueries({ queryKey: key });
        return false;
      }
    },
    [businessId, queryClient],
  );
  return { run, message, error };
}
