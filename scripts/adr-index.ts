/**
 * Writes docs/adr/README.md, the index of the ADRs: `npx tsx scripts/adr-index.ts` after adding or amending one.
 * The status is gathered from each ADR's first lines ("Superseded by N", "Amended by N") and from the later ADRs
 * that say "Supersedes N" or "Amends N"; test/unit/readme.test.ts checks that every ADR has its row.
 */
import fs from 'node:fs';
import path from 'node:path';

const dir = path.join(__dirname, '../docs/adr');

type Adr = { file: string; title: string; supersededBy: Set<string>; amendedBy: Set<string>; amends: string[]; supersedes: string[] };

const numbers = (text: string | undefined): string[] => [...(text ?? '').matchAll(/\b\d{4}\b/g)].map((m) => m[0]);

function readAdr(file: string): Adr {
  const lines = fs.readFileSync(path.join(dir, file), 'utf8').split('\n');
  const head = lines.slice(0, 6).join('\n');
  return {
    file,
    title: lines[0].replace(/^# \d{4}\s*/, '').trim(),
    // "**Superseded by 0021** (...) and 0022 (...)": the numbers before the first colon.
    supersededBy: new Set(numbers(/Superseded by ([^\n]*)/.exec(head)?.[1].split(':')[0])),
    amendedBy: new Set([...head.matchAll(/Amended by (\d{4})/g)].map((m) => m[1])),
    amends: numbers(/^Amends ([^\n]*)/m.exec(head)?.[1].split('Amended by')[0]),
    supersedes: numbers(/^Supersedes ([^\n]*)/m.exec(head)?.[1]),
  };
}

export function adrIndex(): string {
  const adrs = new Map(fs.readdirSync(dir).filter((f) => /^\d{4}-.*\.md$/.test(f)).sort().map((f) => [f.slice(0, 4), readAdr(f)]));
  for (const [n, adr] of adrs) {
    for (const m of adr.amends) adrs.get(m)?.amendedBy.add(n);
    for (const m of adr.supersedes) adrs.get(m)?.supersededBy.add(n);
  }
  const rows = [...adrs].map(([n, a]) => {
    const status = [a.supersededBy.size ? `superseded by ${[...a.supersededBy].sort().join(' and ')}` : 'accepted'];
    if (a.amendedBy.size) status.push(`amended by ${[...a.amendedBy].sort().join(', ')}`);
    const relation = [a.supersedes.length ? `supersedes ${a.supersedes.join(', ')}` : '', a.amends.length ? `amends ${a.amends.join(', ')}` : ''].filter(Boolean);
    return `| [${n}](${a.file}) | ${a.title} | ${status.join('; ')} | ${relation.join('; ')} |`;
  });
  return `# Architecture decision records

One decision a page: its context, the decision, its consequences. A decision another one replaced is
superseded by it; one that later decisions changed in part is amended by them (the ADRs say so in their
first lines, and this index gathers it). Long feature designs live in [docs/design/](../design/), linked from
their ADR. A new ADR takes the next number, keeps to 4 KB, and gets its row here: \`npx tsx
scripts/adr-index.ts\` writes this page (\`test/unit/readme.test.ts\` checks both).

| ADR | Decision | Status | Relation |
|---|---|---|---|
${rows.join('\n')}
`;
}

if (require.main === module) fs.writeFileSync(path.join(dir, 'README.md'), adrIndex());
