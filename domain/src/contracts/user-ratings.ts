import { answers, testRequestAnswers } from '../answers';
import { contract } from './contract';
import { testRequestInputs } from './inputs';
import { usernameParams } from './params';

/** A member's settings and the peer ratings a user received. */
export const userRatingContracts = {
  updateSettings: contract({
    method: 'patch',
    path: '/api/users/me',
    tag: 'users',
    summary: 'Profile settings: role, bio, email, email notices',
    body: testRequestInputs.SettingsInput,
    response: answers.CurrentUser,
  }),
  ofUser: contract({
    method: 'get',
    path: '/api/users/:username/ratings',
    tag: 'users',
    summary: "A user's developer and tester ratings with counts and tiers, and the ratings received",
    params: usernameParams,
    response: testRequestAnswers.UserRatingsAnswer,
    errors: { 404: 'User not found' },
  }),
};
