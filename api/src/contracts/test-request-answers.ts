import {
  feedbackSchema,
  settingsSchema,
  testRequestCreateSchema,
  testRequestUpdateSchema,
  userRatingSchema,
} from '@vitrine/domain/schemas/test-request';
import { named } from '@vitrine/domain/answers';

export { testRequestAnswers } from '@vitrine/domain/answers';

/** The inputs of the test-request calls, named. */
export const testRequestInputs = {
  TestRequestCreateInput: named('TestRequestCreateInput', testRequestCreateSchema),
  TestRequestUpdateInput: named('TestRequestUpdateInput', testRequestUpdateSchema),
  FeedbackInput: named('FeedbackInput', feedbackSchema),
  UserRatingInput: named('UserRatingInput', userRatingSchema),
  SettingsInput: named('SettingsInput', settingsSchema),
};
