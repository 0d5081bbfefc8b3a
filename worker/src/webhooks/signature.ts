import { createHmac } from 'node:crypto';

/**
 * The Vitrine-Signature header of a delivery, as Stripe signs its webhooks: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<body>" under the webhook's secret>`. The time in the signed text lets a
 * receiver refuse a replayed delivery (docs/api.md "Verifying a delivery").
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
