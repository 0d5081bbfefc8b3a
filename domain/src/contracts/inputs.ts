import { named } from '../answers/named';
import { directMessageSchema } from '../schemas/message';
import {
  feedbackSchema,
  settingsSchema,
  testRequestCreateSchema,
  testRequestUpdateSchema,
  userRatingSchema,
} from '../schemas/test-request';

/** The request body of a message to a user (the Message User tab and the admin composer). */
export const directMessageInput = named('DirectMessageInput', directMessageSchema);

/** The inputs of the test-request calls, named as the OpenAPI document lists them. */
export const testRequestInputs = {
  TestRequestCreateInput: named('TestRequestCreateInput', testRequestCreateSchema),
  TestRequestUpdateInput: named('TestRequestUpdateInput', testRequestUpdateSchema),
  FeedbackInput: named('FeedbackInput', feedbackSchema),
  UserRatingInput: named('UserRatingInput', userRatingSchema),
  SettingsInput: named('SettingsInput', settingsSchema),
};
