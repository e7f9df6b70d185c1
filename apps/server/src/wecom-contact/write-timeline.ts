/** What this domain writes on a lead's timeline: one 企业微信 entry (the writer is leads/lead-timeline.ts's). */
import type { Db } from '../db/client';

export type WriteTimeline = (
  tx: Db,
  entry: { leadId: number; kind: 'wecom'; accountId: null; note: string },
) => Promise<number>;
