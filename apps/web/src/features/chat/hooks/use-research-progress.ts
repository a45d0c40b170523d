import type { Research, ResearchEvent } from '@rumbo/contract';
import { useEffect, useRef, useState } from 'react';

/**
 * Follows a research run under way over its Server-Sent Events (the browser's EventSource replays from
 * Last-Event-ID when it reconnects): the latest event, and `onEnd` once the run is completed or failed.
 */
export function useResearchProgress(
  research: Research | null | undefined,
  onEnd: () => void,
): ResearchEvent | null {
  // Kept with its run: after a retry the new run must not show the old run's last event.
  const [latest, setLatest] = useState<{ runId: number; event: ResearchEvent } | null>(null);
  const end = useRef(onEnd);
  end.current = onEnd;
  const id = research?.id;
  const underWay = research?.status === 'pending' || research?.status === 'running';

  useEffect(() => {
    if (id === undefined || !underWay || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/researches/${id}/events`);
    source.onmessage = (message) => {
      const event = JSON.parse(message.data) as ResearchEvent;
      setLatest({ runId: id, event });
      if (event.type === 'completed' || event.type === 'failed') {
        source.close();
        end.current();
      }
    };
    return () => source.close();
  }, [id, underWay]);

  return latest !== null && latest.runId === id ? latest.event : null;
}
