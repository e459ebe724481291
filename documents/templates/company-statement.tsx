import type { CompanyStatementData } from "#core/documents/document-renderer";
import { formatDate, formatMoney } from "../design/format";
import { Heading, LetterPage } from "../design/letter-page";
import { fitName } from "../design/text-fit";
import { Box, Text } from "../primitives";
import type { TemplateProps } from "./template";

/**
 * A company's yearly statement (årsbesked), A4: whose it is, the figures that
 * count (the total, the 800 000 kr ceiling, the base KU65 reports), what the
 * company does with it, then the gifts themselves. A year of many gifts goes
 * on over further pages, the company and year repeated at the top of each.
 */
/** Gift rows on the first page under the figures, and on each page after it. */
export const FIRST_PAGE_ROWS = 4;
export const NEXT_PAGE_ROWS = 30;
/** The company's name keeps to two rows at the largest size that allows it (the form takes 100 characters). */
const NAME_SIZES = [15, 13, 11, 9.5] as const;
const NAME_WIDTH = 483;

export function statementPages<T>(gifts: readonly T[]): T[][] {
  const pages: T[][] = [gifts.slice(0, FIRST_PAGE_ROWS)];
  for (let start = FIRST_PAGE_ROWS; start < gifts.length; start += NEXT_PAGE_ROWS) pages.push(gifts.slice(start, start + NEXT_PAGE_ROWS));
  return pages;
}

export function CompanyStatement({ data, site, theme }: TemplateProps<CompanyStatementData>) {
  const c = theme.colour;
  const label = { fontSize: 8.5, fontWeight: 700, letterSpacing: 1, textTransform: "uppercase", color: c.muted } as const;
  const name = fitName(data.companyName, NAME_SIZES, NAME_WIDTH, 2);
  const pages = statementPages(data.gifts);
  const reference = `Org.nr ${data.organisationsnummer}`;
  const company = (
    <Box>
      <Text style={label}>Företag</Text>
      <Text style={{ fontSize: name.fontSize, fontWeight: 600, lineHeight: 1.25, marginTop: 3 }}>{data.companyName}</Text>
      <Text style={{ color: c.muted, marginTop: 2 }}>
        Organisationsnummer {data.organisationsnummer} · {data.legalForm}
      </Text>
    </Box>
  );
  const figures: Array<[string, string]> = [
    [`Gåvor som räknas under ${data.year} (${data.gifts.length} st)`, formatMoney(data.qualifyingOre)],
    ["Tak per kalenderår", formatMoney(data.ceilingOre)],
    ["Underlag för skattereduktion", formatMoney(data.baseOre)],
    [`Skattereduktion, ${data.rate} av underlaget`, formatMoney(data.reductionOre)],
  ];
  return (
    <>
      {pages.map((rows, page) => (
        <LetterPage key={page} site={site} theme={theme} label={`Årsbesked ${data.year}`} reference={pages.length > 1 ? `${reference} · sida ${page + 1} av ${pages.length}` : reference}>
          {page === 0 ? (
            <>
              <Heading theme={theme} style={{ paddingTop: 6 }}>
                Årsbesked om gåvor {data.year}
              </Heading>
              <Text style={{ color: c.muted, marginTop: 4 }}>Skattereduktion för gåvor från företag · utfärdat {formatDate(data.issuedAt)}</Text>
              <Box style={{ marginTop: 16 }}>{company}</Box>
              <Box style={{ marginTop: 16, backgroundColor: c.tint, borderLeftWidth: 4, borderLeftColor: c.primary, paddingTop: 12, paddingBottom: 12, paddingLeft: 18, paddingRight: 18 }}>
                {figures.map(([what, amount], i) => (
                  <Box key={what} style={{ flexDirection: "row", justifyContent: "space-between", paddingTop: 4, paddingBottom: 4, borderTopWidth: i === 0 ? 0 : 0.75, borderTopColor: c.line }}>
                    <Text style={{ flexShrink: 1, fontWeight: i === 2 ? 700 : 400 }}>{what}</Text>
                    <Text style={{ fontWeight: i === 2 ? 700 : 600, color: i === 2 ? c.primary : c.text, fontSize: i === 2 ? 13 : 10.5 }}>{amount}</Text>
                  </Box>
                ))}
              </Box>
              <Box style={{ marginTop: 14, gap: 7 }}>
                {data.guidance.map((paragraph) => (
                  <Text key={paragraph}>{paragraph}</Text>
                ))}
              </Box>
            </>
          ) : (
            <Box>
              <Text style={{ fontWeight: 600 }}>
                Årsbesked om gåvor {data.year}, fortsättning
              </Text>
              <Box style={{ marginTop: 8 }}>{company}</Box>
            </Box>
          )}
          <Box style={{ marginTop: 16 }}>
            <Box style={{ flexDirection: "row", borderBottomWidth: 0.75, borderBottomColor: c.line, paddingBottom: 4 }}>
              <Text style={{ ...label, width: 120 }}>Betald</Text>
              <Text style={{ ...label, flexGrow: 1 }}>Ordernummer</Text>
              <Text style={{ ...label, width: 120, textAlign: "right" }}>Belopp</Text>
            </Box>
            {rows.map((gift) => (
              <Box key={gift.orderReference} style={{ flexDirection: "row", paddingTop: 3, paddingBottom: 3, borderBottomWidth: 0.5, borderBottomColor: c.line }}>
                <Text style={{ width: 120 }}>{formatDate(gift.paidAt)}</Text>
                <Text style={{ flexGrow: 1 }}>{gift.orderReference}</Text>
                <Text style={{ width: 120, textAlign: "right" }}>{formatMoney(gift.amountOre)}</Text>
              </Box>
            ))}
            {page === pages.length - 1 ? (
              <Box style={{ flexDirection: "row", paddingTop: 5 }}>
                <Text style={{ flexGrow: 1, fontWeight: 700 }}>Summa</Text>
                <Text style={{ width: 160, textAlign: "right", fontWeight: 700 }}>{formatMoney(data.qualifyingOre)}</Text>
              </Box>
            ) : (
              <Text style={{ paddingTop: 5, color: c.muted }}>Fortsätter på nästa sida.</Text>
            )}
          </Box>
        </LetterPage>
      ))}
    </>
  );
}
