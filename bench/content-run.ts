/** `npx tsx bench/content-run.ts`: the content benchmarks alone (npm run bench runs them with the others). */
import { runContentBench } from './content';
import { contentRows } from './report';

runContentBench((line) => console.log(line)).then(
  (r) => {
    console.log(['| Benchmark | Metric | Result | Target | Status |', '|---|---|---|---|---|', ...contentRows(r)].join('\n'));
    process.exit(0);
  },
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
