import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_LABELS, AUDIT_SUBJECT_LABELS, auditSubjectLabel } from "./audit-labels";
import { readableDetails } from "./readable-details";
import { formatSek } from "#core/site/format";

/** Every source file that could write to the audit log (tests and end-to-end journeys aside). */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "e2e" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The codes written as an audit entry's action or subject: string literals on
 * a line that sets `action`/`subjectType` (or a table of ACTIONS), in the
 * shape the log uses ("payment.refund"). A new code written anywhere without a
 * Swedish label fails here (issue #29.14).
 */
function writtenCodes(kind: "action" | "subjectType"): Set<string> {
  const line = kind === "action" ? /\b(action|ACTIONS)\b\s*[:=]|const action = / : /\bsubjectType\s*:/;
  const literal = kind === "action" ? /"([a-z_]+\.[a-z_]+)"/g : /subjectType:\s*"([a-z_]+)"/g;
  const codes = new Set<string>();
  for (const dir of ["app", "core", "server", "scripts"]) {
    for (const file of sourceFiles(dir)) {
      for (const text of fs.readFileSync(file, "utf8").split("\n")) {
        if (!line.test(text)) continue;
        for (const match of text.matchAll(literal)) codes.add(match[1]!);
      }
    }
  }
  return codes;
}

describe("the audit log in Swedish", () => {
  it("has a Swedish label for every action the code base writes", () => {
    const written = writtenCodes("action");
    // The scan finds the ones we know are written, so an empty or broken scan cannot pass.
    for (const known of ["payment.refund", "staff.reactivate", "fulfilment.mark_sent", "bank_payment.resolve_invoice", "staff.sign_in"]) expect(written).toContain(known);
    const missing = [...written].filter((code) => !(code in AUDIT_ACTION_LABELS));
    expect(missing).toEqual([]);
  });

  it("has a Swedish name for everything an entry can concern", () => {
    const written = writtenCodes("subjectType");
    expect(written).toContain("payment");
    expect([...written].filter((code) => !(code in AUDIT_SUBJECT_LABELS))).toEqual([]);
    expect(auditSubjectLabel("payment", "3f2a9c1e-0000-4000-8000-000000000001")).toBe("Betalning 3f2a9c1e");
    expect(auditSubjectLabel("bank_file", "bgmax-20260201.txt")).toBe("Bankfil bgmax-20260201.txt");
    expect(auditSubjectLabel(null, null)).toBe("–");
  });

  it("shows details as Swedish label and value, never JSON", () => {
    const lines = readableDetails(
      JSON.stringify({ amountOre: 25_000, method: "swish", via: "manual", reason: "Givaren ångrade sig", status: "refunded", fields: ["reason", "confirm"], errorCode: undefined }),
    );
    expect(lines).toEqual([
      { label: "Belopp", value: formatSek(25_000) },
      { label: "Sätt", value: "Swish" },
      { label: "Genom", value: "För hand" },
      { label: "Orsak", value: "Givaren ångrade sig" },
      { label: "Status", value: "Återbetald" },
      { label: "Fält med fel", value: "reason, confirm" },
    ]);
    expect(readableDetails("{}")).toEqual([]);
    expect(readableDetails(null)).toEqual([]);
    expect(readableDetails("inte json")).toEqual([{ label: "Uppgifter", value: "inte json" }]);
    const nested = readableDetails(JSON.stringify({ roles: ["admin", "ekonomi"], outcome: { refundId: "r1", code: "RF08" } }));
    expect(nested).toEqual([
      { label: "Roller", value: "admin, ekonomi" },
      { label: "outcome", value: "Återbetalning: r1; Kod: RF08" },
    ]);
  });
});
