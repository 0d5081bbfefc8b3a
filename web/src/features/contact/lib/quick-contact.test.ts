import { describe, expect, it } from 'vitest';
import { EMAIL_INVALID, NAME_REQUIRED, quickContactErrors } from './quick-contact';

const base = { senderName: 'Vic', senderEmail: 'vic@example.com', subject: 'Hello', message: 'A long enough message' };

describe('quickContactErrors', () => {
  it('requires a name and a valid email from visitors', () => {
    expect(quickContactErrors(base, false)).toEqual({});
    expect(quickContactErrors({ ...base, senderName: '  ' }, false)).toEqual({ senderName: NAME_REQUIRED });
    expect(quickContactErrors({ ...base, senderEmail: '' }, false)).toEqual({ senderEmail: EMAIL_INVALID });
    expect(quickContactErrors({ ...base, senderEmail: 'not-an-email' }, false)).toEqual({ senderEmail: EMAIL_INVALID });
  });
  it('asks nothing more of members (their account fills name and email)', () => {
    expect(quickContactErrors({ ...base, senderName: '', senderEmail: '' }, true)).toEqual({});
  });
});
