import type { MemorialSheetData } from "#core/documents/document-renderer";
import { formatDate, formatMoney } from "../design/format";
import { Mark } from "../design/logo";
import { MemorialArt } from "../design/memorial-art";
import { mix } from "../design/theme";
import { estimatedRows } from "../design/text-fit";
import { Box, Page, Text } from "../primitives";
import type { ReactNode } from "react";
import type { SiteConfig } from "#core/site/site-config";
import type { Theme } from "../design/theme";
import type { TemplateProps } from "./template";

/**
 * The memorial sheet (minnesblad), A5 portrait: the family keeps it, so it is
 * quiet and centred like a printed card – an illustration, "Till minne av",
 * the name and years, what the gift is for, the greeting in the giver's own
 * line breaks, "Hälsningar" and the signature, the charity's mark at the foot.
 * Long words are made smaller rather than allowed to run off the page.
 */
const PAGE_PADDING_X = 46;
const TEXT_WIDTH = 300;
const GREETING_SIZES = [15, 14, 13, 12.5, 12, 11.5, 11, 10.5, 10, 9.5, 9, 8.5, 8] as const;
const GREETING_LINE_HEIGHT = 1.42;

/** Names get smaller as they get longer, keeping to two lines. */
export function nameSize(name: string): number {
  const length = [...name].length;
  if (length <= 20) return 28;
  if (length <= 28) return 24;
  if (length <= 40) return 20;
  if (length <= 64) return 17;
  return 14;
}

/**
 * The greeting's lines (the giver's own breaks, runs of empty lines made one)
 * and the largest size at which they fit the space left on the page. Text of
 * many short lines that would not fit even small is joined into one paragraph.
 */
export function fitGreeting(greeting: string, heightBudget: number, width: number = TEXT_WIDTH): { lines: string[]; fontSize: number } {
  const lines = greeting
    .split("\n")
    .map((line) => line.trim())
    .filter((line, i, all) => line !== "" || (i > 0 && all[i - 1] !== ""));
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  if (lines.length === 0) return { lines: [], fontSize: GREETING_SIZES[0] };
  for (const size of GREETING_SIZES) {
    const rows = lines.reduce((sum, line) => sum + (line === "" ? 0.5 : estimatedRows(line, size, width)), 0);
    if (rows * size * GREETING_LINE_HEIGHT <= heightBudget) return { lines, fontSize: size };
  }
  // The giver's line breaks stay visible as a slash, as when a poem is quoted in running text.
  const joined = lines.filter((line) => line !== "").join(" / ");
  if (joined === greeting) return { lines: [joined], fontSize: GREETING_SIZES[GREETING_SIZES.length - 1] as number };
  return fitGreeting(joined, heightBudget, width);
}

export function giftSentence(amountOre: number | null, charityName: string): string {
  const gift = amountOre === null ? "En minnesgåva" : `En minnesgåva på ${formatMoney(amountOre)}`;
  return `${gift} har lämnats till forskningen om hjärt- och lungsjukdomar genom ${charityName}.`;
}

export function lifeDates(birthYear: number | null, dateOfDeath: string): string {
  const death = formatDate(`${dateOfDeath}T12:00:00Z`);
  return birthYear ? `${birthYear} – ${death}` : death;
}

/**
 * The page every memorial sheet is printed on, and a memorial collection's
 * cover with it: A5 with a double rule around it as on a printed card, the
 * content centred below `paddingTop`, the charity's mark at the foot.
 */
export function MemorialSheetPage({ site, theme, paddingTop, children }: { site: SiteConfig; theme: Theme; paddingTop: number; children: ReactNode }) {
  const c = theme.colour;
  return (
    <Page size="A5" style={{ fontFamily: theme.font.sans, color: c.text, backgroundColor: c.background }}>
      {/* A double rule around the page, as on a printed card. */}
      <Box style={{ position: "absolute", top: 16, left: 16, width: 387.5, height: 563.3, borderWidth: 0.8, borderColor: mix(c.primary, c.background, 0.55), borderRadius: 2 }} />
      <Box style={{ position: "absolute", top: 20, left: 20, width: 379.5, height: 555.3, borderWidth: 0.4, borderColor: c.line, borderRadius: 1 }} />
      <Box style={{ flexGrow: 1, alignItems: "center", paddingTop, paddingLeft: PAGE_PADDING_X, paddingRight: PAGE_PADDING_X, paddingBottom: 72 }}>{children}</Box>
      <Box style={{ position: "absolute", left: 0, bottom: 34, width: 419.5, alignItems: "center" }}>
        <Box style={{ flexDirection: "row", alignItems: "center", gap: 6 }}>
          <Mark size={15} theme={theme} />
          <Text style={{ fontSize: 8, fontWeight: 600, color: c.primaryDark }}>{site.name}</Text>
        </Box>
      </Box>
    </Page>
  );
}

/**
 * Whom the sheet remembers: the illustration, the line above the name ("Till
 * minne av"; a collection's cover says "Minnesinsamling till minne av"), the
 * name, the years and a small ornament. The cover is the same heading with
 * more air (`spacious`).
 */
export function InMemoryOf({
  data,
  label,
  theme,
  spacious = false,
}: {
  data: Pick<MemorialSheetData, "design" | "deceasedName" | "birthYear" | "dateOfDeath">;
  label: string;
  theme: Theme;
  spacious?: boolean;
}) {
  const c = theme.colour;
  return (
    <>
      <MemorialArt design={data.design} theme={theme} width={spacious ? 220 : 196} />
      <Text style={{ marginTop: spacious ? 20 : 14, fontSize: 9, fontWeight: 600, letterSpacing: 2.6, textTransform: "uppercase", color: c.primary }}>{label}</Text>
      <Text
        style={{
          marginTop: spacious ? 10 : 8,
          width: 330,
          textAlign: "center",
          fontFamily: theme.font.serif,
          fontWeight: 600,
          fontSize: nameSize(data.deceasedName),
          lineHeight: 1.15,
          color: c.primaryDark,
        }}
      >
        {data.deceasedName}
      </Text>
      <Text style={{ marginTop: 7, fontSize: 10.5, letterSpacing: 0.4, color: c.muted }}>{lifeDates(data.birthYear, data.dateOfDeath)}</Text>
      <Box style={{ marginTop: spacious ? 18 : 14, flexDirection: "row", alignItems: "center", gap: 6 }}>
        <Box style={{ width: 34, height: 0.7, backgroundColor: c.line }} />
        <Box style={{ width: 4, height: 4, borderRadius: 2, backgroundColor: mix(c.primary, c.background, 0.4) }} />
        <Box style={{ width: 34, height: 0.7, backgroundColor: c.line }} />
      </Box>
    </>
  );
}

export function MemorialSheet({ data, site, theme }: TemplateProps<MemorialSheetData>) {
  const c = theme.colour;
  const size = nameSize(data.deceasedName);
  const nameRows = estimatedRows(data.deceasedName, size * 1.08, 330);
  const signatureSize = [...data.signature].length > 48 ? 11.5 : 13;
  const signatureRows = estimatedRows(data.signature, signatureSize, TEXT_WIDTH);
  const greetingBudget = 150 - (nameRows - 1) * size * 1.15 - (signatureRows - 1) * signatureSize * 1.3 - (data.amountOre === null ? 0 : 4);
  const greeting = fitGreeting(data.greeting, greetingBudget);
  return (
    <MemorialSheetPage site={site} theme={theme} paddingTop={38}>
      <InMemoryOf data={data} label="Till minne av" theme={theme} />
      <Text style={{ marginTop: 12, width: 290, textAlign: "center", fontSize: 10, lineHeight: 1.45, color: c.text }}>{giftSentence(data.amountOre, site.name)}</Text>
      <Box style={{ flexGrow: 1, justifyContent: "center", alignItems: "center", width: TEXT_WIDTH, marginTop: 10, marginBottom: 8 }}>
        {greeting.lines.map((line, i) =>
          line === "" ? (
            <Box key={`gap-${i}`} style={{ height: greeting.fontSize * GREETING_LINE_HEIGHT * 0.5 }} />
          ) : (
            <Text
              key={`line-${i}`}
              style={{
                width: TEXT_WIDTH,
                textAlign: "center",
                fontFamily: theme.font.serif,
                fontStyle: "italic",
                fontWeight: 500,
                fontSize: greeting.fontSize,
                lineHeight: GREETING_LINE_HEIGHT,
                color: c.text,
              }}
            >
              {line}
            </Text>
          ),
        )}
      </Box>
      {data.signature === "" ? null : (
        <>
          <Text style={{ fontSize: 9.5, color: c.muted }}>Hälsningar</Text>
          <Text
            style={{ marginTop: 3, width: TEXT_WIDTH, textAlign: "center", fontFamily: theme.font.serif, fontWeight: 600, fontSize: signatureSize, lineHeight: 1.3, color: c.primaryDark }}
          >
            {data.signature}
          </Text>
        </>
      )}
    </MemorialSheetPage>
  );
}
