/**
 * Document engine benchmark: renders a one-page A4 PDF (the invoice) and a
 * card-sized PNG (the thank-you card, 1200 px wide) many times after a
 * warm-up, one at a time, and reports p50/p95 in milliseconds.
 * Then every greeting card in the catalogue (content/cards) once as PNG and
 * once as PDF, each timed, and a contact sheet of all of them as one PNG
 * (bench-results/greeting-cards.png) to look at by eye.
 * Run: npm run bench:documents [-- --runs 200] [-- --strict]
 * Writes bench-results/documents.json. Target: p95 under 100 ms each
 * (`--strict` makes a miss exit with status 1). Besides wall time it reports
 * the process's CPU time per render, which says what a render costs when
 * other work shares the machine (wall time then mostly measures the queue).
 */
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createDocumentEngine } from "../documents/document-engine.server";
import { loadSiteConfig } from "../core/site/site-config";
import type { DocumentFormat, DocumentRequest } from "../core/documents/document-renderer";
import { INVOICE_NOTE } from "../core/gifts/invoice";
import { GIFT_DOCUMENT_DESIGNS } from "../core/gift-documents/gift-documents";
import { cardCatalogue } from "../core/cards/card-catalogue";
import { greetingCardDocument } from "../core/cards/greeting-card-document";
import { Resvg } from "@resvg/resvg-js";

const TARGET_MS = 100;
const WARM_UP = 10;
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 100;

const invoice: DocumentRequest = {
  kind: "invoice",
  data: {
    orderReference: "0123456789ABCDEFGHJKMNPQRS",
    amountOre: 123_400,
    invoiceDate: "2026-01-15T10:00:00.000Z",
    dueDate: "2026-02-14T10:00:00.000Z",
    ocr: "12345678903",
    recipient: { name: "Åsa Öberg", street: "Storgatan 12", postalCode: "123 45", city: "Exempelstad" },
    note: INVOICE_NOTE,
  },
};
const card: DocumentRequest = { kind: "thank-you-card", data: { firstName: "Åsa", amountOre: 50_000, date: "2026-01-15T10:00:00.000Z" } };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(render: (request: DocumentRequest, format: DocumentFormat) => Promise<Buffer>, request: DocumentRequest, format: DocumentFormat) {
  for (let i = 0; i < WARM_UP; i++) await render(request, format);
  const times: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    bytes = (await render(request, format)).length;
    const used = process.cpuUsage(cpuStart);
    times.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    runs: RUNS,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    minMs: round(times[0]!),
    maxMs: round(times.at(-1)!),
    cpuP50Ms: round(percentile(cpu, 50)),
    cpuP95Ms: round(percentile(cpu, 95)),
    bytes,
  };
}

/** Renders every card in the catalogue as PNG and PDF once each (after the warm-up above) and returns the slowest. */
async function benchCards(render: (request: DocumentRequest, format: DocumentFormat) => Promise<Buffer>) {
  const cards = cardCatalogue().all();
  const timings: Array<{ code: string; pngMs: number; pdfMs: number; pngCpuMs: number; pdfCpuMs: number }> = [];
  const round = (n: number) => Math.round(n * 10) / 10;
  const thumbnails: Array<{ code: string; png: Buffer }> = [];
  for (const card of cards) {
    const request: DocumentRequest = {
      kind: "greeting-card",
      data: greetingCardDocument(card, { greeting: card.greeting, recipientName: "Margareta Lindqvist", giverName: "Anders och barnen" }),
    };
    let start = performance.now();
    let cpu = process.cpuUsage();
    const png = await render(request, "png");
    const pngMs = performance.now() - start;
    const pngCpu = process.cpuUsage(cpu);
    start = performance.now();
    cpu = process.cpuUsage();
    const pdf = await render(request, "pdf");
    const pdfMs = performance.now() - start;
    const pdfCpu = process.cpuUsage(cpu);
    if (!png.subarray(1, 4).equals(Buffer.from("PNG")) || !pdf.subarray(0, 5).equals(Buffer.from("%PDF-"))) throw new Error(`${card.code} did not render`);
    timings.push({
      code: card.code,
      pngMs: round(pngMs),
      pdfMs: round(pdfMs),
      pngCpuMs: round((pngCpu.user + pngCpu.system) / 1000),
      pdfCpuMs: round((pdfCpu.user + pdfCpu.system) / 1000),
    });
    thumbnails.push({ code: card.code, png });
  }
  return { timings, thumbnails };
}

/** A gift card, gift certificate or diploma with a long name and a greeting of full length: the hardest case of each. */
function giftDocument(kind: "gift-card" | "gift-certificate" | "diploma", design: string): DocumentRequest {
  return {
    kind,
    data: {
      design,
      heading: "Grattis på födelsedagen",
      recipientName: "Margareta Lindqvist-Åkerström",
      text: "Kära mamma! ".repeat(25).trim(),
      signature: "Anna, Per och barnbarnen",
      amountOre: 50_000,
      reference: "0123456789ABCDEFGHJKMNPQRS",
      date: "2026-11-23T10:00:00.000Z",
    },
  };
}

/** Every design of the three gift documents once in each format (each must render), and p50/p95 of one of each kind as PDF. */
async function benchGiftDocuments(render: (request: DocumentRequest, format: DocumentFormat) => Promise<Buffer>) {
  const kinds = { "gift-card": GIFT_DOCUMENT_DESIGNS.gift_card, "gift-certificate": GIFT_DOCUMENT_DESIGNS.gift_certificate, diploma: GIFT_DOCUMENT_DESIGNS.diploma } as const;
  const dir = path.join(process.cwd(), "bench-results", "gift-documents");
  await mkdir(dir, { recursive: true });
  const pdfs: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const [kind, designs] of Object.entries(kinds) as [keyof typeof kinds, readonly string[]][]) {
    for (const design of designs) {
      const png = await render(giftDocument(kind, design), "png");
      const pdf = await render(giftDocument(kind, design), "pdf");
      if (!png.subarray(1, 4).equals(Buffer.from("PNG")) || !pdf.subarray(0, 5).equals(Buffer.from("%PDF-"))) throw new Error(`${kind} ${design} did not render`);
      await writeFile(path.join(dir, `${kind}-${design}.png`), png);
    }
    pdfs[kind] = await measure(render, giftDocument(kind, designs[0] as string), "pdf");
  }
  return pdfs;
}

/** All cards side by side, ten to a row, each labelled with its code: one PNG to look at. */
function contactSheet(thumbnails: Array<{ code: string; png: Buffer }>): Buffer {
  const columns = 8;
  const w = 300;
  const h = Math.round((w * 297.64) / 419.53);
  const label = 18;
  const gap = 12;
  const rows = Math.ceil(thumbnails.length / columns);
  const width = columns * (w + gap) + gap;
  const height = rows * (h + label + gap) + gap;
  const cells = thumbnails.map(({ code, png }, i) => {
    const x = gap + (i % columns) * (w + gap);
    const y = gap + Math.floor(i / columns) * (h + label + gap);
    return `<image x="${x}" y="${y}" width="${w}" height="${h}" href="data:image/png;base64,${png.toString("base64")}"/><text x="${x}" y="${y + h + 14}" font-size="13" font-family="sans-serif" fill="#333">${code}</text>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#e9e4e0"/>${cells.join("")}</svg>`;
  return new Resvg(svg, { font: { loadSystemFonts: true } }).render().asPng();
}

async function main() {
  const built = performance.now();
  const engine = createDocumentEngine(loadSiteConfig({}));
  await engine.warmUp();
  const buildMs = Math.round(performance.now() - built);
  const render = engine.render.bind(engine);
  const pdf = await measure(render, invoice, "pdf");
  console.log(`invoice PDF (A4):        p50 ${pdf.p50Ms} ms, p95 ${pdf.p95Ms} ms, min ${pdf.minMs} ms; CPU p50 ${pdf.cpuP50Ms} ms, p95 ${pdf.cpuP95Ms} ms (${pdf.bytes} bytes)`);
  const png = await measure(render, card, "png");
  console.log(`thank-you card PNG:      p50 ${png.p50Ms} ms, p95 ${png.p95Ms} ms, min ${png.minMs} ms; CPU p50 ${png.cpuP50Ms} ms, p95 ${png.cpuP95Ms} ms (${png.bytes} bytes)`);
  const cards = await benchCards(render);
  const slowestPng = cards.timings.reduce((a, b) => (b.pngMs > a.pngMs ? b : a));
  const slowestPdf = cards.timings.reduce((a, b) => (b.pdfMs > a.pdfMs ? b : a));
  const cpuPng = Math.max(...cards.timings.map((t) => t.pngCpuMs));
  const cpuPdf = Math.max(...cards.timings.map((t) => t.pdfCpuMs));
  console.log(
    `greeting cards:          ${cards.timings.length} cards; slowest PNG ${slowestPng.pngMs} ms (${slowestPng.code}), slowest PDF ${slowestPdf.pdfMs} ms (${slowestPdf.code}); most CPU: PNG ${cpuPng} ms, PDF ${cpuPdf} ms`,
  );
  const giftDocuments = await benchGiftDocuments(render);
  for (const [kind, m] of Object.entries(giftDocuments)) {
    console.log(`${`${kind} PDF:`.padEnd(25)}p50 ${m.p50Ms} ms, p95 ${m.p95Ms} ms, min ${m.minMs} ms; CPU p50 ${m.cpuP50Ms} ms, p95 ${m.cpuP95Ms} ms (${m.bytes} bytes)`);
  }
  console.log("Wrote bench-results/gift-documents/*.png (every design of gift card, certificate and diploma, to look at)");
  const sheet = path.join(process.cwd(), "bench-results", "greeting-cards.png");
  await mkdir(path.dirname(sheet), { recursive: true });
  await writeFile(sheet, contactSheet(cards.thumbnails));
  console.log(`Wrote ${path.relative(process.cwd(), sheet)} (every card, to look at)`);
  console.log(`load average ${os.loadavg().map((n) => n.toFixed(1)).join(" ")} on ${os.cpus().length} CPUs`);
  console.log(`engine built (fonts read and warmed) in ${buildMs} ms`);
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    targetMs: TARGET_MS,
    engineBuildMs: buildMs,
    invoicePdf: pdf,
    thankYouCardPng: png,
    greetingCards: { count: cards.timings.length, slowestPng, slowestPdf, each: cards.timings },
    giftDocumentPdfs: giftDocuments,
    meetsTarget: pdf.p95Ms < TARGET_MS && png.p95Ms < TARGET_MS && slowestPng.pngMs < TARGET_MS && slowestPdf.pdfMs < TARGET_MS && Object.values(giftDocuments).every((m) => m.p95Ms < TARGET_MS),
  };
  const out = path.join(process.cwd(), "bench-results", "documents.json");
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`Wrote ${path.relative(process.cwd(), out)}`);
  if (!result.meetsTarget && process.argv.includes("--strict")) process.exitCode = 1;
}

await main();
