import type { ClusterStatus } from '@vitrine/domain/schemas/integrity';
import type { ReportStatus } from '@vitrine/domain/constants';
import { apiKey, endpoints } from '../../../lib/api';

/** GET /api/admin/users, narrowed by username or email when `q` is not blank. */
export const adminUsersKey = (q = '') => apiKey(endpoints.admin.users, { query: { q } });
/** GET /api/admin/projects (every project, hidden ones included), narrowed when `q` is not blank. */
export const adminProjectsKey = (q = '') => apiKey(endpoints.admin.projects, { query: { q } });
/** GET /api/admin/test-requests (every request, hidden ones included), narrowed when `q` is not blank. */
export const adminTestRequestsKey = (q = '') => apiKey(endpoints.adminTestRequests.list, { query: { q } });
/** GET /api/admin/reports?status={status} */
export const adminReportsKey = (status: ReportStatus) => apiKey(endpoints.admin.reports, { query: { status } });
/** GET /api/admin/integrity/clusters?status={status} */
export const integrityClustersKey = (status: ClusterStatus) =>
  apiKey(endpoints.integrity.clusters, { query: { status } });
/** GET /api/admin/comment-reports?status={status} */
export const adminCommentReportsKey = (status: ReportStatus) =>
  apiKey(endpoints.comments.reports, { query: { status } });
