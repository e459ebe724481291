import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const fixtures = path.join(root, "integrations/bankgirot-autogiro/fixtures");

function inspect(...args: string[]) {
  const run = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "scripts/autogiro-inspect.ts"), ...args], { cwd: root, encoding: "utf8" });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("npm run autogiro:inspect", () => {
  it("prints the layout and every record with its two-digit type and fields (older layout, trimmed, ISO 8859-1)", () => {
    const run = inspect(path.join(fixtures, "autogiro_gl_betalningsspec-stoppadebetalningar-tackningskontroll_fran-bankgirot-medgivanden-bankgironummer_exempelfil_sv.txt"), "--events");
    expect(run.status).toBe(0);
    const output = JSON.parse(run.stdout) as { layout: string; records: Record<string, unknown>[]; events: unknown[] };
    expect(output.layout).toBe("payment-specification-old");
    expect(output.records.map((r) => r.type)).toEqual(["01", ...Array(11).fill("82"), "32", "82", "82", "82", "09"]);
    expect(output.records[1]).toMatchObject({ type: "82", date: "2004-10-28", payerNumber: "0000000000001001", amountOre: 24_300, reference: "0809001", status: "" });
    expect(output.records[16]).toMatchObject({ type: "09", debitCount: "000014", debitAmountOre: 547_500 });
    expect(output.events).toHaveLength(15);
  }, 30_000);

  it("refuses a broken file with the line and the reason, exit code 1", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ag-inspect-")), "broken.txt");
    const good = fs.readFileSync(path.join(fixtures, "autogiro_exempelfiler_medgivandeavisering_sv.txt"), "latin1");
    fs.writeFileSync(file, good.replace("092008061199000000010", "092008061199000000011"), "latin1");
    const run = inspect(file);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim()).toBe(`${file}: line 12: Slutpostens antal medgivandeposter (11) stämmer inte med filens poster (10).`);
  }, 30_000);
});
