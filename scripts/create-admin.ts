/**
 * `npm run create-admin -- <username> <password> [email]`: creates an admin, or promotes an existing
 * user of that name. Uses DATABASE_URL (default: the local vitrine database).
 */
import { createSql } from '../db/src/sql';
import { loadConfigOrExit } from '../runtime/src/config';
import { migrate } from '../db/src/migrate';
import { ensureAdmin } from '../api/src/admin-bootstrap';

const [username, password, email] = process.argv.slice(2);
if (!username || !password) {
  console.error('Usage: npm run create-admin -- <username> <password> [email]');
  process.exit(2);
}
const sql = createSql(loadConfigOrExit().databaseUrl);
try {
  await migrate(sql);
  const result = await ensureAdmin(sql, {
    adminUsername: username,
    adminPassword: password,
    adminEmail: email ?? null,
  });
  console.log(`${username}: ${result === 'unchanged' ? 'already an admin' : result}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await sql.end();
}
