/**
 * Creates a staff account for the console: `npm run staff:create -w @app/server -- <email>
 * <role> <name...>`, with the password in STAFF_PASSWORD (never on the command line, where the
 * shell history keeps it; staffPasswordProblem says which it refuses). Runs on the database the
 * server would use (DATABASE_URL or DATA_DIR, from the environment and .env). The only way to
 * make staff outside the demo seed: a production site's first admin comes from here.
 */
import { pino } from 'pino';
import { StaffRoleSchema } from '@app/shared';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { findStaffByEmail } from './staff.repository.js';
import { staffPasswordProblem } from './staff.rules.js';
import { createStaffService } from './staff.service.js';

const [email, role, ...nameParts] = process.argv.slice(2);
const password = process.env.STAFF_PASSWORD ?? '';
const parsedRole = StaffRoleSchema.safeParse(role);
if (!email?.includes('@') || !parsedRole.success || nameParts.length === 0) {
  process.stderr.write(
    'usage: STAFF_PASSWORD=<12+ characters> npm run staff:create -w @app/server -- <email> <admin|moderator|support> <name>\n',
  );
  process.exit(2);
}
const weak = staffPasswordProblem(password, email);
if (weak) {
  process.stderr.write(`STAFF_PASSWORD refused: ${weak}\n`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl ?? undefined, dataDir: config.dataDir });
try {
  if (await findStaffByEmail(database.db, email)) {
    process.stderr.write(`A staff account with the e-mail address ${email} exists already.\n`);
    process.exitCode = 1;
  } else {
    const staff = createStaffService({ db: database.db, log: pino({ level: 'warn' }), issuer: async () => 'Amoria' });
    const created = await staff.createStaff({ email, name: nameParts.join(' '), password, role: parsedRole.data });
    process.stdout.write(
      `Created ${created.role} ${created.email} (id ${created.id}); an authenticator is set up at the first login.\n`,
    );
  }
} finally {
  await database.close();
}
