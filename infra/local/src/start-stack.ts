import { startStack } from './stack';

/** `npm start`: the whole platform in one process. */
async function main() {
  const stack = await startStack();
  console.log(`
  Docs platform API is up: ${stack.baseUrl}/v1   (health: ${stack.baseUrl}/health)
  Database: ${stack.databaseUrl.replace(/:[^:@/]+@/, ':***@')}   Bus: ${stack.bus}
  Admin token: ${stack.adminToken}

  Create a user:   curl -s -X POST ${stack.baseUrl}/v1/admin/users -H "Authorization: Bearer ${stack.adminToken}" \\
                     -H 'Content-Type: application/json' -d '{"email":"ada@example.com","displayName":"Ada"}'
`);
  const shutdown = async () => {
    await stack.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
