/** `npm run admin -- <command>`: the operator's CLI (docs/operations.md, "Admin CLI"; docs/adr/0049). */
import { runAdmin } from './program';

void runAdmin(process.argv.slice(2), { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) }).then((code) => {
  // Not process.exit(): the output is flushed, and every pool and connection is closed, so the process ends.
  process.exitCode = code;
});
