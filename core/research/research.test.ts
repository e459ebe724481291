import { describe, expect, it } from "vitest";
import { areaLabel, areaSlug, parseArea } from "./research-area";
import { projectAnchorId, projectSlug, slugify } from "./research-anchor";
import { availableAreas, availableYears, filterProjects, parseResearchFilter, sortNewestFirst } from "./research-listing";
import { localised, parseResearchProject, type ResearchProject } from "./research-project";
import { researchSearchDocuments } from "./research-search-documents";

const base = {
  principalInvestigator: "Anna Exempelsson",
  institution: "Exempeluniversitetet",
  summary: { sv: "Sammanfattning.", en: "Summary." },
};

const projects: ResearchProject[] = [
  parseResearchProject({ ...base, id: "P-1", title: "Hjärtsvikt hos äldre", approvalDate: "2021-03-04", area: "hjärta" }),
  parseResearchProject({ ...base, id: "P-2", title: "Lungfunktion och luftföroreningar", approvalDate: "2024-11-30", area: "lunga" }),
  parseResearchProject({ ...base, id: "P-3", title: "Sömnapné och blodtryck", approvalDate: "2024-02-01", area: "sömn", titleEn: "Sleep apnoea and blood pressure" }),
  parseResearchProject({ ...base, id: "P-4", title: "Åderförkalkning", approvalDate: "2021-12-31", area: "kärl" }),
];

describe("research project schema", () => {
  it("derives the year from the approval date", () => {
    expect(projects.map((p) => p.year)).toEqual([2021, 2024, 2024, 2021]);
  });

  it("rejects invalid dates, unknown areas and missing fields", () => {
    expect(() => parseResearchProject({ ...base, id: "x", title: "t", approvalDate: "2024-13-01", area: "hjärta" })).toThrow();
    expect(() => parseResearchProject({ ...base, id: "x", title: "t", approvalDate: "2024-01-01", area: "öra" })).toThrow();
    expect(() => parseResearchProject({ id: "x" })).toThrow();
  });

  it("falls back to Swedish on the English page when there is no translation", () => {
    expect(localised(projects[2]!, "en").title).toBe("Sleep apnoea and blood pressure");
    expect(localised(projects[0]!, "en").title).toBe("Hjärtsvikt hos äldre");
  });
});

describe("areas", () => {
  it("parses Swedish, folded and English names", () => {
    expect(parseArea("hjärta")).toBe("hjärta");
    expect(parseArea("HJARTA")).toBe("hjärta");
    expect(parseArea("Blood vessels")).toBe("kärl");
    expect(parseArea("öra")).toBeUndefined();
    expect(parseArea(7)).toBeUndefined();
    expect(areaLabel("sömn", "en")).toBe("Sleep");
    expect(areaSlug("kärl")).toBe("karl");
  });
});

describe("listing", () => {
  it("sorts newest first", () => {
    expect(sortNewestFirst(projects).map((p) => p.id)).toEqual(["P-2", "P-3", "P-4", "P-1"]);
  });

  it("filters by year, by area and by both", () => {
    expect(filterProjects(projects, { year: 2024 }).map((p) => p.id)).toEqual(["P-2", "P-3"]);
    expect(filterProjects(projects, { area: "kärl" }).map((p) => p.id)).toEqual(["P-4"]);
    expect(filterProjects(projects, { year: 2024, area: "hjärta" })).toEqual([]);
    expect(filterProjects(projects, {})).toHaveLength(4);
  });

  it("lists available years newest first and areas in fixed order", () => {
    expect(availableYears(projects)).toEqual([2024, 2021]);
    expect(availableAreas(projects)).toEqual(["hjärta", "lunga", "kärl", "sömn"]);
  });

  it("reads the filter from Swedish or English parameters and ignores junk", () => {
    expect(parseResearchFilter(new URLSearchParams("ar=2024&omrade=hjarta"))).toEqual({ year: 2024, area: "hjärta" });
    expect(parseResearchFilter(new URLSearchParams("year=2021&area=heart"))).toEqual({ year: 2021, area: "hjärta" });
    expect(parseResearchFilter(new URLSearchParams("ar=20x4&omrade=<script>"))).toEqual({});
  });
});

describe("anchors and slugs", () => {
  it("builds stable, URL-safe ids", () => {
    expect(slugify("  Hjärtsvikt & sömn — 2024! ")).toBe("hjartsvikt-somn-2024");
    expect(projectAnchorId({ id: "SCAPIS/2024:17" })).toBe("projekt-scapis-2024-17");
    expect(projectAnchorId({ id: "!!!" })).toBe("projekt-utan-id");
    expect(projectSlug(projects[3]!)).toBe("aderforkalkning-p-4");
  });
});

describe("research search documents", () => {
  it("makes one document per language linking to the project's anchor", () => {
    const docs = researchSearchDocuments([projects[2]!], { sv: "/forskning", en: "/en/research" });
    expect(docs.map((d) => [d.id, d.url, d.title, d.lang, d.kind])).toEqual([
      ["research:sv:P-3", "/forskning#projekt-p-3", "Sömnapné och blodtryck", "sv", "research"],
      ["research:en:P-3", "/en/research#projekt-p-3", "Sleep apnoea and blood pressure", "en", "research"],
    ]);
    expect(docs[1]!.body).toContain("Sleep");
  });
});
