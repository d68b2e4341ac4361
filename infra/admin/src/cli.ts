/** `npm run admin -- <command>`: the operator's CLI (docs/operations.md, "Admin CLI"; docs/adr/0049). */
import { createInterface } from 'node:readline/promises';
import { runAdmin } from './program';

/** A confirmation is typed at a terminal; piped or scripted, there is none to ask (`--yes` instead). */
async function ask(question: string): Promise<string> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await prompt.question(question);
  } finally {
    prompt.close();
  }
}

const io = { out: (text: string) => process.stdout.write(text), err: (text: string) => process.stderr.write(text), ...(process.stdin.isTTY ? { ask } : {}) };
void runAdmin(process.argv.slice(2), io).then((code) => {
  // Not process.exit(): the output is flushed, and every pool and connection is closed, so the process ends.
  process.exitCode = code;
});
