import { describe, expect, it } from 'vitest';
import { captureLogger } from './log-capture';
import { withoutRedaction } from './logger';
import { withRequestContext } from './request-context';

describe('logger', () => {
  it('writes JSON lines with the service, the level and the current request id', () => {
    const { logger, lines } = captureLogger('api');
    withRequestContext({ reqId: 'req-42' }, () => logger.info({ route: '/api/x' }, 'hello'));
    logger.info('outside');
    const [inside, outside] = lines();
    expect(inside).toMatchObject({ service: 'api', level: 30, msg: 'hello', reqId: 'req-42', route: '/api/x' });
    expect(outside).not.toHaveProperty('reqId');
  });

  it('never writes passwords, cookies, tokens, session ids or mail bodies', () => {
    const { logger, text } = captureLogger();
    logger.info(
      {
        password: 'pw-top-secret-1',
        body: { password: 'pw-top-secret-2', newPassword: 'pw-top-secret-3', currentPassword: 'pw-top-secret-4' },
        req: { headers: { cookie: 'vitrine.sid=cookie-secret-5', authorization: 'Bearer token-secret-6' } },
        res: { headers: { 'set-cookie': 'vitrine.sid=cookie-secret-7' } },
        token: 'token-secret-8',
        session: { sessionId: 'session-secret-9' },
        mail: { to: 'ada@example.com', text: 'mail-body-secret-10', html: '<p>mail-body-secret-11</p>' },
      },
      'everything at once',
    );
    const written = text();
    expect(written).toContain('everything at once');
    for (let i = 1; i <= 11; i++) expect(written).not.toMatch(new RegExp(`secret-${i}\\b`));
    expect(written).toContain('[redacted]');
  });

  it('writes a fixed-field line as it is through withoutRedaction, and still redacts every other line', () => {
    const { logger, lines } = captureLogger('api');
    withoutRedaction(logger.child({ component: 'http' })).info({ route: '/api/auth/password', userId: 7 }, 'request');
    logger.child({ component: 'http' }).info({ token: 'token-secret' }, 'after');
    const [request, after] = lines();
    expect(request).toMatchObject({ service: 'api', component: 'http', route: '/api/auth/password', userId: 7 });
    expect(after).toMatchObject({ component: 'http', token: '[redacted]' });
  });
});
