import { describe, expect, it } from "vitest";
import { collectJobs, type JobContribution } from "./job-contribution";

const noop = async () => {};
const task = (name: string) => ({ name, everyMs: 1_000, run: noop });

describe("collecting the areas' jobs", () => {
  it("puts every area's jobs and periodic tasks together, in the areas' order", () => {
    const a: JobContribution = { jobs: { "send-receipt": noop }, periodicTasks: [task("reconcile-swish")] };
    const b: JobContribution = { jobs: { "agreement-mail": noop }, periodicTasks: [task("autogiro"), task("forget-stored-cards")] };
    const { handlers, periodic } = collectJobs([a, b]);
    expect(Object.keys(handlers).sort()).toEqual(["agreement-mail", "send-receipt"]);
    expect(periodic.map((t) => t.name)).toEqual(["reconcile-swish", "autogiro", "forget-stored-cards"]);
  });

  it("refuses a job type or a task name that two areas give", () => {
    expect(() => collectJobs([{ jobs: { "send-receipt": noop }, periodicTasks: [] }, { jobs: { "send-receipt": noop }, periodicTasks: [] }])).toThrow(
      "Job type send-receipt is handled twice",
    );
    expect(() => collectJobs([{ jobs: {}, periodicTasks: [task("autogiro")] }, { jobs: {}, periodicTasks: [task("autogiro")] }])).toThrow(
      "Periodic task autogiro is given twice",
    );
  });
});
