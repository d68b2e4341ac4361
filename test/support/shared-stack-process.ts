import fs from 'node:fs';
import path from 'node:path';
import { processAlive, TEST_POOL_IDLE_MS, TEST_RUN_ENV } from '@dp/testing';
import { bootStack } from './stack';

/*
 * A jest worker's shared test stack (shared-stack.ts): boots, announces its URLs in DP_SHARED_STACK_DIR/stack.json,
 * and stops (removing its schemas, queues and exchange) on SIGUSR2 from the run's globalTeardown, or by itself
 * once the jest process that owns the run is gone.
 */
const dir = process.env.DP_SHARED_STACK_DIR!;
const owner = parseInt(process.env[TEST_RUN_ENV] ?? '', 36);
fs.writeFileSync(path.join(dir, 'pid'), String(process.pid));

async function main(): Promise<void> {
  // Idle between files, the stack should hold only its LISTEN connection: the integrations worker's poll for due
  // deliveries (250 ms by default) would keep one connection of its pool from ever passing the idle timeout.
  const stack = await bootStack('shared', {
    withWorkers: true,
    env: { INTEGRATIONS_DELIVERY_POLL_MS: String(TEST_POOL_IDLE_MS + 500) },
  });
  const info = { baseUrl: stack.baseUrl, publisherUrl: stack.publisherUrl, adminToken: stack.adminToken, namespace: stack.namespace };
  fs.writeFileSync(path.join(dir, 'stack.json.tmp'), JSON.stringify(info));
  fs.renameSync(path.join(dir, 'stack.json.tmp'), path.join(dir, 'stack.json'));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stack.stop().catch((err: Error) => console.error(`shared stack: stop failed: ${err.message}`));
    process.exit(0);
  };
  // SIGUSR2 from the run's globalTeardown: tsx's own SIGTERM and SIGINT handlers end the process at once.
  process.on('SIGUSR2', () => void stop());
  setInterval(() => {
    if (!processAlive(owner)) void stop();
  }, 1_000).unref();
}

main().catch((err: Error) => {
  console.error(`shared stack: ${err.stack ?? err.message}`);
  process.exit(1);
});
