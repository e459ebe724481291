import type { MemorialCollectionSheetsData } from "#core/documents/document-renderer";
import { formatMoney } from "../design/format";
import { Text } from "../primitives";
import { InMemoryOf, MemorialSheet, MemorialSheetPage } from "./memorial-sheet";
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
      {/* The cover is a memorial sheet's page and heading, with the collection's words in place of a greeting. */}
      <MemorialSheetPage site={site} theme={theme} paddingTop={60}>
        <InMemoryOf data={data} label="Minnesinsamling till minne av" theme={theme} spacious />
        <Text style={{ marginTop: 18, width: 290, textAlign: "center", fontFamily: theme.font.serif, fontStyle: "italic", fontSize: 13, lineHeight: 1.45 }}>
          {coverSentence(data.giftCount, data.totalOre)}
        </Text>
        {data.giftCount > 0 ? (
          <Text style={{ marginTop: 12, width: 290, textAlign: "center", fontSize: 10, lineHeight: 1.45, color: c.muted }}>
            {data.giftCount === 1
              ? "Här följer minnesbladet med hälsningen."
              : data.giftCount === 2
                ? "Här följer båda minnesbladen med hälsningarna."
                : `Här följer alla ${count(data.giftCount)} minnesblad med hälsningarna.`}
          </Text>
        ) : null}
        <Text style={{ marginTop: 24, fontSize: 9.5, color: c.muted }}>Insamlingen ordnades av</Text>
        <Text style={{ marginTop: 3, width: 290, textAlign: "center", fontFamily: theme.font.serif, fontWeight: 600, fontSize: 12, color: c.primaryDark }}>{data.organiserName}</Text>
      </MemorialSheetPage>
      {data.sheets.map((sheet, i) => (
        <MemorialSheet key={i} data={sheet} site={site} theme={theme} />
      ))}
    </>
  );
}
