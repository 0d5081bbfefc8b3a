import { afterAll, describe, expect, inject, it } from 'vitest';
import { createSql } from '@vitrine/db/sql';
import { uniqueName } from '@vitrine/db/testing';
import { makeUserQueries } from '@vitrine/db/queries/users';
import { ensureAdmin } from './admin-bootstrap';

const sql = createSql(inject('databaseUrl'), { max: 4 });
afterAll(() => sql.end());

describe('ensureAdmin', () => {
  it('lets several api nodes start at once: one creates the admin, the others find it', async () => {
    const config = { adminUsername: uniqueName('admin'), adminPassword: 'a-long-enough-password', adminEmail: null };

    const results = await Promise.all([ensureAdmin(sql, config), ensureAdmin(sql, config), ensureAdmin(sql, config)]);

    expect(results.sort()).toEqual(['created', 'unchanged', 'unchanged']);
    const admin = await makeUserQueries(sql).findUserByUsername(config.adminUsername);
    expect(admin?.isAdmin).toBe(true);
  });
});
