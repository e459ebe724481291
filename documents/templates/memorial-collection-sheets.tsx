import type { MemorialCollectionSheetsData } from "../../core/documents/document-renderer";
import { formatMoney } from "../design/format";
import { Mark } from "../design/logo";
import { MemorialArt } from "../design/memorial-art";
import { mix } from "../design/theme";
import { Box, Page, Text } from "../primitives";
import { MemorialSheet, lifeDates, nameSize } from "./memorial-sheet";
import type { TemplateProps } from "./template";

/**
 * A memorial collection's sheets for the family, in one PDF: an A5 cover in
 * the sheets' own style (the collection's illustration, "Till minne av", the
 * name and years, who gathered the gifts, how many gave and – only when the
 * organiser chose it – the total), then every sheet as its giver wrote it.
 */
const NUMBER_WORDS = ["noll", "en", "två", "tre", "fyra", "fem", "sex", "sju", "åtta", "nio", "tio", "elva", "tolv"];
/** "Tre", "14": small numbers in words, as in a letter. */
const count = (n: number) => NUMBER_WORDS[n] ?? String(n);
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function coverSentence(giftCount: number, totalOre: number | null): string {
  if (giftCount === 0) return "Inga minnesgåvor kom in till insamlingen.";
  const people = giftCount === 1 ? "En person har" : `${capital(count(giftCount))} personer har`;
  const total = totalOre === null ? "" : `, tillsammans ${formatMoney(totalOre)},`;
  return `${people} hedrat minnet med en gåva${total} till forskningen om hjärt- och lungsjukdomar.`;
}

export function MemorialCollectionSheets({ data, site, theme }: TemplateProps<MemorialCollectionSheetsData>) {
  const c = theme.colour;
  return (
    <>
      <Page size="A5" style={{ fontFamily: theme.font.sans, color: c.text, backgroundColor: c.background }}>
        <Box style={{ position: "absolute", top: 16, left: 16, width: 387.5, height: 563.3, borderWidth: 0.8, borderColor: mix(c.primary, c.background, 0.55), borderRadius: 2 }} />
        <Box style={{ position: "absolute", top: 20, left: 20, width: 379.5, height: 555.3, borderWidth: 0.4, borderColor: c.line, borderRadius: 1 }} />
        <Box style={{ flexGrow: 1, alignItems: "center", paddingTop: 60, paddingLeft: 46, paddingRight: 46, paddingBottom: 72 }}>
          <MemorialArt design={data.design} theme={theme} width={220} />
          <Text style={{ marginTop: 20, fontSize: 9, fontWeight: 600, letterSpacing: 2.6, textTransform: "uppercase", color: c.primary }}>Minnesinsamling till minne av</Text>
          <Text
            style={{ marginTop: 10, width: 330, textAlign: "center", fontFamily: theme.font.serif, fontWeight: 600, fontSize: nameSize(data.deceasedName), lineHeight: 1.15, color: c.primaryDark }}
          >
            {data.deceasedName}
          </Text>
          <Text style={{ marginTop: 7, fontSize: 10.5, letterSpacing: 0.4, color: c.muted }}>{lifeDates(data.birthYear, data.dateOfDeath)}</Text>
          <Box style={{ marginTop: 18, flexDirection: "row", alignItems: "center", gap: 6 }}>
            <Box style={{ width: 34, height: 0.7, backgroundColor: c.line }} />
            <Box style={{ width: 4, height: 4, borderRadius: 2, backgroundColor: mix(c.primary, c.background, 0.4) }} />
            <Box style={{ width: 34, height: 0.7, backgroundColor: c.line }} />
          </Box>
          <Text style={{ marginTop: 18, width: 290, textAlign: "center", fontFamily: theme.font.serif, fontStyle: "italic", fontSize: 13, lineHeight: 1.45 }}>
            {coverSentence(data.giftCount, data.totalOre)}
          </Text>
          {data.giftCount > 0 ? (
            <Text style={{ marginTop: 12, width: 290, textAlign: "center", fontSize: 10, lineHeight: 1.45, color: c.muted }}>
              {data.giftCount === 1 ? "Här följer minnesbladet med hälsningen." : `Här följer alla ${count(data.giftCount)} minnesblad med hälsningarna.`}
            </Text>
          ) : null}
          <Text style={{ marginTop: 24, fontSize: 9.5, color: c.muted }}>Insamlingen ordnades av</Text>
          <Text style={{ marginTop: 3, width: 290, textAlign: "center", fontFamily: theme.font.serif, fontWeight: 600, fontSize: 12, color: c.primaryDark }}>{data.organiserName}</Text>
        </Box>
        <Box style={{ position: "absolute", left: 0, bottom: 34, width: 419.5, alignItems: "center" }}>
          <Box style={{ flexDirection: "row", alignItems: "center", gap: 6 }}>
            <Mark size={15} theme={theme} />
            <Text style={{ fontSize: 8, fontWeight: 600, color: c.primaryDark }}>{site.name}</Text>
          </Box>
        </Box>
      </Page>
      {data.sheets.map((sheet, i) => (
        <MemorialSheet key={i} data={sheet} site={site} theme={theme} />
      ))}
    </>
  );
}
