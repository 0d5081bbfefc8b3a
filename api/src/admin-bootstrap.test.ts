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

  it.each(['vitrine123', 'Vitrine2024!', 'trustno1trustno1', 'aaaaaaaaaaaa', 'password123'])(
    'refuses to create the first admin with the guessable password %s',
    async (adminPassword) => {
      const config = { adminUsername: uniqueName('admin'), adminPassword, adminEmail: null, siteName: 'Vitrine' };
      await expect(ensureAdmin(sql, config)).rejects.toThrow(/ADMIN_PASSWORD/);
      expect(await makeUserQueries(sql).findUserByUsername(config.adminUsername)).toBeUndefined();
    },
  );
});
