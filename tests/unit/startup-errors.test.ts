import { expect, test } from 'vitest';
import { loadConfig } from '../../server/config';
import { describeStartupFailure, StartupError } from '../../server/startup.errors';

/** The one line `npm start` and the tenant CLI print when they cannot start. */

test('a StartupError is printed as its own sentence', () => {
  const error = new StartupError('port 8080 is in use; set PORT=<a free port> (for example PORT=8081) or stop the program that uses it');
  expect(describeStartupFailure(error)).toBe(error.message);
});

test('a refused DATABASE_URL names the variable, the reason and the URL without its password', () => {
  // What pg throws when both localhost addresses refuse: an AggregateError with an empty message.
  const refused = Object.assign(
    new AggregateError([Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5999'), { code: 'ECONNREFUSED' })], ''),
    { code: 'ECONNREFUSED' },
  );
  const line = describeStartupFailure(refused, { databaseUrl: 'postgres://app:secret@localhost:5999/loyalty' });
  expect(line).toBe(
    'The console cannot use the database of DATABASE_URL (postgres://app:***@localhost:5999/loyalty): nothing answers there (connect ECONNREFUSED 127.0.0.1:5999); check the server and the URL, or unset DATABASE_URL to use the embedded PostgreSQL',
  );
  const wrongPassword = Object.assign(new Error('password authentication failed for user "app"'), { code: '28P01' });
  expect(describeStartupFailure(wrongPassword, { databaseUrl: 'postgres://app:secret@db/loyalty' })).toContain(
    'the user name or password is wrong (password authentication failed for user "app")',
  );
});

test('anything else is one line with its message, never a bare undefined or a stack', () => {
  expect(describeStartupFailure(new Error('relation "x" does not exist\n    at Parser.parseErrorMessage'))).toBe(
    'The console did not start: relation "x" does not exist',
  );
  expect(describeStartupFailure(undefined)).toBe('The console did not start: a failure that carried no message');
  expect(describeStartupFailure(new Error(''), { what: 'The tenant CLI' })).toBe(
    'The tenant CLI did not start: a failure that carried no message',
  );
  expect(describeStartupFailure({ reason: 'odd' })).toBe("The console did not start: { reason: 'odd' }");
  for (const value of [undefined, null, new Error(), {}]) expect(describeStartupFailure(value)).not.toMatch(/:\s*undefined$|\n/);
});

test('PORT and EMBEDDED_PG_PORT must be port numbers; unset EMBEDDED_PG_PORT leaves the choice to the data folder', () => {
  expect(() => loadConfig({ PORT: 'eighty' })).toThrow(new StartupError('PORT must be a port number from 1 to 65535, not "eighty"'));
  expect(() => loadConfig({ EMBEDDED_PG_PORT: '70000' })).toThrow('EMBEDDED_PG_PORT must be a port number from 1 to 65535, not "70000"');
  expect(loadConfig({}).embeddedPgPort).toBeUndefined();
  expect(loadConfig({ PORT: '9090', EMBEDDED_PG_PORT: '55432' })).toMatchObject({ port: 9090, embeddedPgPort: 55432 });
});
