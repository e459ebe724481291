import type { InvoiceDocumentData } from "#core/documents/document-renderer";
import { formatDate, formatMoney } from "../design/format";
import { FactRows, Heading, LetterPage } from "../design/letter-page";
import { Box, Text } from "../primitives";
import type { TemplateProps } from "./template";

/** The invoice for a gift paid by bankgiro: who pays, how much, where and by when. */
export function Invoice({ data, site, theme }: TemplateProps<InvoiceDocumentData>) {
  const c = theme.colour;
  const { recipient } = data;
  const label = { fontSize: 8.5, fontWeight: 700, letterSpacing: 1, textTransform: "uppercase", color: c.muted } as const;
  return (
    <LetterPage site={site} theme={theme} label="Faktura" reference={data.orderReference}>
      <Box style={{ flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start" }}>
        <Box style={{ width: 230, paddingTop: 18 }}>
          <Heading theme={theme}>Faktura – gåva</Heading>
        </Box>
        <Box style={{ width: 210, paddingTop: 4 }}>
          <Text style={label}>Till</Text>
          <Text style={{ fontSize: 11.5, fontWeight: 600, marginTop: 4 }}>{recipient.name}</Text>
          {recipient.street ? <Text style={{ fontSize: 11.5 }}>{recipient.street}</Text> : null}
          {recipient.postalCode || recipient.city ? (
            <Text style={{ fontSize: 11.5 }}>{[recipient.postalCode, recipient.city].filter(Boolean).join(" ")}</Text>
          ) : null}
        </Box>
      </Box>

      <Box style={{ marginTop: 34, backgroundColor: c.tint, borderLeftWidth: 4, borderLeftColor: c.primary, padding: 20, flexDirection: "row", justifyContent: "space-between" }}>
        <Box>
          <Text style={label}>Belopp att betala</Text>
          <Text style={{ fontFamily: theme.font.serif, fontWeight: 600, fontSize: 30, lineHeight: 1.2, color: c.primary, marginTop: 4 }}>{formatMoney(data.amountOre)}</Text>
          <Text style={{ color: c.muted, marginTop: 2 }}>senast {formatDate(data.dueDate)}</Text>
        </Box>
        <Box style={{ width: 210, gap: 8 }}>
          <Box>
            <Text style={label}>Bankgiro</Text>
            <Text style={{ fontSize: 15, fontWeight: 700, letterSpacing: 0.5 }}>{site.bankgiro}</Text>
          </Box>
          <Box>
            <Text style={label}>OCR-nummer</Text>
            <Text style={{ fontSize: 15, fontWeight: 700, letterSpacing: 0.5 }}>{data.ocr}</Text>
          </Box>
        </Box>
      </Box>

      <Box style={{ marginTop: 26 }}>
        <FactRows
          theme={theme}
          rows={[
            ["Fakturadatum", formatDate(data.invoiceDate)],
            ["Förfallodatum", formatDate(data.dueDate)],
            ["Ordernummer", data.orderReference],
            ...(data.payerReference ? [["Er referens", data.payerReference] as [string, string]] : []),
            ["Betalningsmottagare", site.name],
          ]}
        />
      </Box>

      <Text style={{ marginTop: 22, maxWidth: 400 }}>{data.note}</Text>
      <Text style={{ marginTop: 18, fontFamily: theme.font.serif, fontStyle: "italic", fontWeight: 500, fontSize: 13, color: c.primaryDark }}>
        Tack för att du vill ge en gåva!
      </Text>
    </LetterPage>
  );
}
