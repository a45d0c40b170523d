import type { DeviceClass } from '@rumbo/contract';

/** An event as it is stored and forwarded. */
export interface EventRow {
  /** Its row id: the forward's `$insert_id`, so that a forward sent twice is counted once. */
  id: number;
  name: string;
  properties: Record<string, unknown>;
  userId: number | null;
  sessionId: string | null;
  path: string | null;
  referrerDomain: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  device: DeviceClass | null;
  createdAt: Date;
}

/** Where stored events go next (Mixpanel when MIXPANEL_TOKEN is set). Never throws. */
export interface EventForwarder {
  forward(rows: EventRow[]): void;
  /** Waits for the requests under way (tests, shutdown). */
  flush(): Promise<void>;
}
