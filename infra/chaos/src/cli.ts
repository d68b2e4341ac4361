import { rmSync } from 'node:fs';
import { failed } from './check';
import { runChaos, type ChaosReport } from './run';

/** `npm run chaos`: runs the chaos run, prints its report, and exits non-zero on any loss, duplicate or disagreement. */
function print(report: ChaosReport): void {
  const { check, load, faults } = report;
  const worst = (kind: string) => {
    const of = faults.filter((f) => f.fault.includes(kind));
    if (!of.length) return 'none';
    return of.some((f) => f.recoveredMs === undefined) ? 'NOT within 120 s' : `${Math.max(...of.map((f) => f.recoveredMs!))} ms`;
  };
  const lines = [
    '',
    'chaos report',
    `  load:        ${load.requests} requests, ${load.failed} refused or failed during faults (${Object.entries(load.byContext).map(([c, n]) => `${c} ${n}`).join(', ')})`,
    `  faults:      ${faults.length} (${faults.filter((f) => f.fault === 'broker SIGKILL').length} broker SIGKILLs, ${faults.filter((f) => f.fault === 'PostgreSQL restart').length} PostgreSQL restarts, ${faults.filter((f) => f.fault.startsWith('SIGKILL ')).length} process SIGKILLs)`,
    `  recovery:    worst ${worst('broker')} after a broker kill, ${worst('PostgreSQL')} after a PostgreSQL restart, ${worst('SIGKILL ')} for a killed process to be ready again`,
    `  settled:     ${report.settledMs === undefined ? `NOT within ${report.config.CHAOS_SETTLE_S} s` : `${report.settledMs} ms after the load`}`,
    `  events:      ${check.committed} committed; ${check.due} deliveries due (each event once per context consuming its type), ${check.handled} handled`,
    `  lost:        ${check.lost.length}${check.lost.slice(0, 5).map((l) => `\n    ${l.type} ${l.event} never handled by ${l.consumer}`).join('')}`,
    `  duplicated:  ${Math.max(0, check.handled - check.due)} (an inbox row per event and consumer, written in the handler's transaction)`,
    `  unexpected:  ${check.unexpected.length}`,
    `  unpublished: ${check.unpublished}`,
    `  dead letters: ${Object.entries(check.deadLettered).map(([c, n]) => `${c} ${n}`).join(', ')}`,
    `  effects:     ${check.effects.liveSpaces} live spaces with ${check.effects.indexedPages} pages in search, ${check.effects.stoppedTranslations} translations stopped with their deleted space, ${check.effects.deliveredIntegrationEvents} integration events delivered (${check.effects.failedIntegrationEvents} given up)`,
    `  disagreements: ${check.disagreements.length}${check.disagreements.slice(0, 10).map((d) => `\n    ${d}`).join('')}`,
    `  peak RSS:    ${Object.entries(report.peakRssMiB)
      .sort(([, a], [, b]) => b - a)
      .map(([name, mib]) => `${name} ${mib} MiB`)
      .join(', ')}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

runChaos()
  .then((report) => {
    print(report);
    const bad = failed(report.check) || report.settledMs === undefined;
    if (bad) process.stdout.write(`\nchaos: FAILED (every process's output is in ${report.logDir})\n`);
    else {
      rmSync(report.logDir, { recursive: true, force: true });
      process.stdout.write('\nchaos: nothing lost, nothing twice, nothing left behind\n');
    }
    process.exit(bad ? 1 : 0);
  })
  .catch((err: unknown) => {
    console.error('chaos: the run could not complete:', err);
    process.exit(2);
  });
