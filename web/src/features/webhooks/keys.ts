import { apiKey, endpoints } from '../../lib/api';

/** The SWR key of the member's webhooks. */
export const WEBHOOKS_KEY = apiKey(endpoints.webhooks.list);

/** The SWR key of one webhook's delivery log. */
export const deliveriesKey = (id: number) => apiKey(endpoints.webhooks.deliveries, { params: { id } });
