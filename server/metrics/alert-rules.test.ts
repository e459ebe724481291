import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { startTestServer, type TestServer } from "#tests/support/test-server";

const RULES_FILE = path.resolve("ops/prometheus/alerts.yml");
const RUNBOOK = "docs/operations.md";

interface Rule {
  alert: string;
  expr: string;
  annotations?: Record<string, string>;
}

const rules: Rule[] = (parse(fs.readFileSync(RULES_FILE, "utf8")) as { groups: Array<{ rules: Rule[] }> }).groups.flatMap((g) => g.rules);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

/** The metric names an expression reads: what is left once label matchers, grouping labels, durations, numbers, functions and operators are taken out. */
function metricNames(expr: string): string[] {
  const stripped = expr
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\b[a-z_]+\s*\(/g, " (")
    .replace(/\b(and|or|unless|offset|bool)\b/g, " ")
    .replace(/\b\d+(\.\d+)?([eE][+-]?\d+)?\b/g, " ");
  return [...new Set(stripped.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [])];
}

describe("the alert rules (ops/prometheus/alerts.yml)", () => {
  let server: TestServer;
  let exported: Set<string>;
  beforeAll(async () => {
    server = await startTestServer();
    const text = await (await fetch(`${server.url}/metrics`)).text();
    exported = new Set<string>();
    for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      exported.add(name!);
      if (type === "histogram") for (const suffix of ["_bucket", "_sum", "_count"]) exported.add(`${name}${suffix}`);
    }
  });
  afterAll(async () => {
    await server.dispose();
  });

  it("has the few alerts that need a person", () => {
    expect(rules.map((r) => r.alert).sort()).toEqual(
      ["AutogiroAnswersMissing", "AutogiroFileRefused", "DiskFilling", "JobsGivenUp", "JobsWaitingLong", "MailFailing", "MemoryHigh", "PaymentsStuck"].sort(),
    );
  });

  it.each(rules.map((r) => [r.alert, r] as const))("%s reads only metrics the site exports", (_name, rule) => {
    const names = metricNames(rule.expr);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(exported, `${rule.alert}: ${name}`).toContain(name);
  });

  it.each(rules.map((r) => [r.alert, r] as const))("%s points to its section of the operations runbook", (_name, rule) => {
    const url = rule.annotations?.runbook_url ?? "";
    expect(url.startsWith(`${RUNBOOK}#`)).toBe(true);
    const anchors = fs
      .readFileSync(RUNBOOK, "utf8")
      .split("\n")
      .filter((line) => /^#{2,4} /.test(line))
      .map((line) => anchorOf(line.replace(/^#+ /, "")));
    expect(anchors).toContain(url.slice(RUNBOOK.length + 1));
  });

  it("finds the metric names in an expression, not its functions, labels or numbers", () => {
    expect(metricNames('max by (provider) (delta(site_x{state="refused"}[1d])) > 0 and rate(site_y_total[5m]) > 4 * 86400')).toEqual(["site_x", "site_y_total"]);
  });

  // promtool comes with Debian's prometheus package; where it is installed it checks the syntax and runs the rules' own tests.
  const promtool = ["/usr/bin/promtool", "/usr/local/bin/promtool"].find((p) => fs.existsSync(p));
  it.skipIf(!promtool)("pass promtool's check and their unit tests (ops/prometheus/alerts.test.yml)", () => {
    execFileSync(promtool!, ["check", "rules", RULES_FILE], { stdio: "pipe" });
    execFileSync(promtool!, ["test", "rules", "alerts.test.yml"], { cwd: path.dirname(RULES_FILE), stdio: "pipe" });
  });
});
