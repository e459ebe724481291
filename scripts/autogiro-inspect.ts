// `npm run autogiro:inspect -- FILE [--events]`: prints what a Bankgirot
// autogiro file holds as JSON, { "layout": …, "records": [ { "type": "73", …fields } ] },
// for our request files and every answer file in the current and the older
// layout (ISO 8859-1 or UTF-8, trimmed trailing spaces allowed). With --events
// it also prints what the site would book from it. A broken file is refused as
// a whole: the line and the reason go to stderr and the exit code is 1.
import fs from "node:fs";
import { AutogiroFileError } from "#core/autogiro";
import { decodeAutogiroBytes, interpretAutogiroFile, readAutogiroFile } from "#integrations/bankgirot-autogiro/format";

const args = process.argv.slice(2);
const withEvents = args.includes("--events");
const files = args.filter((a) => a !== "--events");
if (files.length !== 1) {
  console.error("Usage: npm run autogiro:inspect -- FILE [--events]");
  process.exit(2);
}
const file = files[0]!;

let bytes: Buffer;
try {
  bytes = fs.readFileSync(file);
} catch (error) {
  console.error(`${file}: ${(error as Error).message}`);
  process.exit(2);
}

try {
  const text = decodeAutogiroBytes(bytes);
  const raw = readAutogiroFile(text);
  const output = withEvents && raw.layout !== "request" ? { ...raw, events: interpretAutogiroFile(text).events } : raw;
  console.log(JSON.stringify(output, null, 2));
} catch (error) {
  if (!(error instanceof AutogiroFileError)) throw error;
  console.error(error.line > 0 ? `${file}: line ${error.line}: ${error.reason}` : `${file}: ${error.reason}`);
  process.exit(1);
}
