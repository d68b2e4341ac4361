// The `no-database` project's files hold no PostgreSQL connection, so that `npm test` runs them outside the
// connection budget (jest.config.js). PostgreSQL is pointed at a port where nothing listens: a file that starts
// to use it fails loudly and moves to the `integration` project.
process.env.TEST_DATABASE_URL = 'postgres://no-database-in-this-project@127.0.0.1:9/none';
process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
