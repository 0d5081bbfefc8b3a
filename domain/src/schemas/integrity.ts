import { z } from '../zod';

/** Where a ring cluster stands: open (its votes weigh 0 pending review), confirmed or cleared. */
export const CLUSTER_STATUSES = ['open', 'confirmed', 'cleared'] as const;
export type ClusterStatus = (typeof CLUSTER_STATUSES)[number];
/** What an admin may set a cluster to. */
export const CLUSTER_DECISIONS = ['confirmed', 'cleared'] as const;
/**
 * The signal that found a cluster: fresh accounts of one network, accounts co-voting the same projects
 * in the same order, a visitor burst of one network, an impression flood of one network.
 */
export const CLUSTER_SIGNALS = ['network', 'sameVotes', 'visitorBurst', 'impressions'] as const;
export type ClusterSignal = (typeof CLUSTER_SIGNALS)[number];

/** GET /api/admin/integrity/clusters query. */
export const clusterListQuerySchema = z.object({
  status: z.enum(CLUSTER_STATUSES, { error: 'status must be open, confirmed or cleared' }).default('open'),
});

/** PATCH /api/admin/integrity/clusters/{id}: the decision and why (kept with the cluster). */
export const clusterDecisionSchema = z.object({
  status: z.enum(CLUSTER_DECISIONS, { error: 'status must be confirmed or cleared' }),
  reason: z
    .string({ error: 'Please give a reason' })
    .trim()
    .min(1, 'Please give a reason')
    .max(500, 'The reason must be 500 characters or less'),
});
export type ClusterDecision = z.input<typeof clusterDecisionSchema>;
