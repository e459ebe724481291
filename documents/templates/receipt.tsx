import type { ReceiptDocumentData } from "#core/documents/document-renderer";
import { formatMoney } from "../design/format";
import { FactRows, Heading, LetterPage } from "../design/letter-page";
import { Box, Text } from "../primitives";
import type { TemplateProps } from "./template";

/** The receipt for a paid gift, in the e-mailed receipt's words (core/gifts/receipt.ts). */
export function Receipt({ data, site, theme }: TemplateProps<ReceiptDocumentData>) {
  const c = theme.colour;
  return (
    <LetterPage site={site} theme={theme} label="Kvitto" reference={data.orderReference}>
      <Box style={{ flexDirection: "row", justifyContent: "space-between", alignItems: "flex-end", paddingTop: 18 }}>
        <Heading theme={theme}>Kvitto för gåva</Heading>
        <Text style={{ fontFamily: theme.font.serif, fontWeight: 600, fontSize: 24, lineHeight: 1.2, color: c.primary }}>{formatMoney(data.amountOre)}</Text>
      </Box>
      <Box style={{ marginTop: 26, gap: 9, maxWidth: 420 }}>
        <Text>{data.greeting}</Text>
        {data.intro.map((paragraph) => (
          <Text key={paragraph}>{paragraph}</Text>
        ))}
      </Box>
      <Box style={{ marginTop: 20, backgroundColor: c.tint, borderLeftWidth: 4, borderLeftColor: c.primary, paddingTop: 14, paddingBottom: 12, paddingLeft: 20, paddingRight: 20 }}>
        <Text style={{ fontSize: 8.5, fontWeight: 700, letterSpacing: 1, textTransform: "uppercase", color: c.primary, marginBottom: 4 }}>{data.factsHeading}</Text>
        <FactRows theme={theme} rows={data.facts} labelWidth={110} />
      </Box>
      <Box style={{ marginTop: 20, gap: 9, maxWidth: 420 }}>
        {data.outro.map((paragraph) => (
          <Text key={paragraph}>{paragraph}</Text>
        ))}
      </Box>
      <Box style={{ marginTop: 18 }}>
        {data.signOff.map((line, i) => (
          <Text key={line} style={i === 0 ? {} : { fontFamily: theme.font.serif, fontStyle: "italic", fontWeight: 500, fontSize: 12, color: c.primaryDark }}>
            {line}
          </Text>
        ))}
      </Box>
    </LetterPage>
  );
}
