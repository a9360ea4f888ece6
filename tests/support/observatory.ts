// Grades a host with the MDN HTTP Observatory's own retriever, tests and grader (the
// @mdn/mdn-http-observatory package), on the ports the test's Caddy listens on:
//   NODE_EXTRA_CA_CERTS=<Caddy's root.crt> node tests/support/observatory.ts <host> <http port> <https port>
// Prints {"grade","score","failed":[test names]} as JSON.
//
// Two things differ from the package's own `mdn-http-observatory-scan` command, and only these:
// - its scan() always uses ports 80 and 443, while its retriever takes others (httpPort, httpsPort), so
//   this calls the retriever and then scores the results exactly as scan() does;
// - its install step downloads Chromium's HSTS preload list and the IANA TLD list from the internet,
//   which our machines cannot reach, so package.json's allowScripts skips that step. With no list on
//   disk, the preload check is given an empty one: a test host is on no preload list anyway, so the
//   grade comes from the headers alone. A list the step did download is used as it is.
import fs from "node:fs";
// @ts-expect-error: as above
import { ALL_TESTS } from "@mdn/mdn-http-observatory/src/constants.js";
// @ts-expect-error: the package ships JavaScript without type declarations
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from "@mdn/mdn-http-observatory/src/grader/charts.js";
// @ts-expect-error: as above
import { getGradeForScore, getScoreModifier } from "@mdn/mdn-http-observatory/src/grader/grader.js";
// @ts-expect-error: as above
import { retrieve } from "@mdn/mdn-http-observatory/src/retriever/retriever.js";

const preloadList = /[\\/]@mdn[\\/]mdn-http-observatory[\\/]conf[\\/]hsts-preload\.json$/;
const readFileSync = fs.readFileSync;
fs.readFileSync = ((file: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
  if (typeof file === "string" && preloadList.test(file) && !fs.existsSync(file)) return "{}";
  return (readFileSync as (...args: unknown[]) => unknown)(file, ...rest);
}) as typeof fs.readFileSync;

type TestResult = { result?: string; pass?: boolean; constructor: { name: string } };

const [host, httpPort, httpsPort] = process.argv.slice(2);
if (!host || !httpPort || !httpsPort) {
  process.stderr.write("Usage: node tests/support/observatory.ts <host> <http port> <https port>\n");
  process.exit(2);
}
const retrieved = await retrieve(host, { httpPort: Number(httpPort), httpsPort: Number(httpsPort) });
if (!retrieved.responses.auto) {
  process.stdout.write(`${JSON.stringify({ error: "The site seems to be down." })}\n`);
  process.exit(1);
}
// As scan() in the package's src/scanner/index.js.
const results: TestResult[] = ALL_TESTS.map((test: (r: unknown) => TestResult) => test(retrieved));
let withExtraCredit = 100;
let uncurved = 100;
for (const result of results) {
  if (!result.result) continue;
  const modifier: number = getScoreModifier(result.result);
  withExtraCredit += modifier;
  if (modifier < 0) uncurved += modifier;
}
const score = uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved;
const final: { grade: string; score: number } = getGradeForScore(score);
process.stdout.write(
  `${JSON.stringify({
    grade: final.grade,
    score: final.score,
    status: retrieved.responses.auto.status,
    failed: results
      .filter((r) => !r.pass)
      .map((r) => `${(r.constructor as { name: string }).name}: ${r.result}`),
  })}\n`,
);
