// `npm run bench`: every benchmark, each printing its ratios side by side and writing results/*.json.
import { runHealthUnderLongQuery } from './health-under-long-query.ts';

await runHealthUnderLongQuery();
process.exit(0);
