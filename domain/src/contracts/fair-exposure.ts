import { z } from '../zod';
import { answers, fairExposureAnswers, named } from '../answers';
import { moderationLogQuerySchema } from '../schemas/moderation';
import { impressionsSchema, risingQuerySchema } from '../schemas/rising';
import { contract } from './contract';

/** New & rising (the home page's strip and its impressions beacon) and the public moderation log. */
export const fairExposureContracts = {
  rising: contract({
    method: 'get',
    path: '/api/projects/rising',
    tag: 'projects',
    summary:
      "The caller's New & rising strip: visible projects under 72 hours old with fewer than 50 impressions, shuffled per visitor and UTC day",
    query: risingQuerySchema,
    response: z.array(answers.Project),
  }),
  impressions: contract({
    method: 'post',
    path: '/api/impressions',
    tag: 'projects',
    summary:
      "Counts the strip's cards that were on screen: once per visitor per project per UTC day, only projects in the caller's strip",
    body: named('ImpressionsInput', impressionsSchema),
    response: fairExposureAnswers.ImpressionsCounted,
    errors: { 503: 'Too many impressions are being counted right now' },
  }),
  moderationLog: contract({
    method: 'get',
    path: '/api/moderation-log',
    tag: 'meta',
    summary: 'The public moderation log, newest first; before=<entry id> pages back',
    query: moderationLogQuerySchema,
    response: z.array(fairExposureAnswers.ModerationEntry),
    paging: { cursor: 'before' },
  }),
};
