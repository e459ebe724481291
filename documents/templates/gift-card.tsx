import type { GiftDocumentData } from "#core/documents/document-renderer";
import { formatDate, formatMoney } from "../design/format";
import { BAND_VIEWBOX, GiftCardArt } from "../design/gift-document-art";
import { CardArt } from "../design/cards-art";
import { Mark } from "../design/logo";
import { Box, Page, Text } from "../primitives";
import { fitGreeting, nameSize } from "./memorial-sheet";
import type { TemplateProps } from "./template";

/**
 * The gift card (gåvokort), A5 portrait, one face: the donor prints it at home
 * and hands it over, in an envelope or with a present. A single face rather
 * than a folded card because the document primitives cannot turn text upside
 * down, and a home printer prints one face of A5 (or of A4, at "fit to page")
 * right every time. The art fills the top – the donor's card from the
 * greeting-card catalogue, the same art as the digital cards, or (list orders
 * and older cards) one of the gift card's own bands, in the same space; then
 * the recipient's name, what was given in their name, the giver's words and
 * name, and the charity's mark.
 */
const WIDTH = 419.53;
const ART_HEIGHT = (WIDTH * BAND_VIEWBOX.height) / BAND_VIEWBOX.width;
const PADDING_X = 44;
const GREETING_BUDGET = 112;

export function giftCardSentence(amountOre: number | null): string {
  return amountOre === null
    ? "En gåva till forskningen om hjärt- och lungsjukdomar har getts i ditt namn."
    : `En gåva på ${formatMoney(amountOre)} till forskningen om hjärt- och lungsjukdomar har getts i ditt namn.`;
}

export function GiftCard({ data, site, theme }: TemplateProps<GiftDocumentData>) {
  const c = theme.colour;
  const greeting = fitGreeting(data.text, GREETING_BUDGET);
  return (
    <Page size="A5" style={{ fontFamily: theme.font.sans, color: c.text, backgroundColor: c.background }}>
      {data.card ? <CardArt design={data.card} theme={theme} width={WIDTH} height={ART_HEIGHT} /> : <GiftCardArt design={data.design} theme={theme} width={WIDTH} />}
      <Box style={{ flexGrow: 1, alignItems: "center", paddingTop: 18, paddingLeft: PADDING_X, paddingRight: PADDING_X, paddingBottom: 70 }}>
        <Text style={{ fontSize: 8.5, fontWeight: 700, letterSpacing: 2.6, textTransform: "uppercase", color: c.primary }}>Gåvokort</Text>
        <Text style={{ marginTop: 6, fontFamily: theme.font.serif, fontStyle: "italic", fontSize: 14, color: c.muted }}>{data.heading}</Text>
        <Text
          style={{ marginTop: 6, width: 330, textAlign: "center", fontFamily: theme.font.serif, fontWeight: 600, fontSize: Math.min(26, nameSize(data.recipientName)), lineHeight: 1.15, color: c.primaryDark }}
        >
          Till {data.recipientName}
        </Text>
        <Text style={{ marginTop: 10, width: 300, textAlign: "center", fontSize: 11, lineHeight: 1.45 }}>{giftCardSentence(data.amountOre)}</Text>
        <Box style={{ flexGrow: 1, justifyContent: "center", alignItems: "center", width: 300, marginTop: 6, marginBottom: 6 }}>
          {greeting.lines.map((line, i) =>
            line === "" ? (
              <Box key={`gap-${i}`} style={{ height: greeting.fontSize * 0.7 }} />
            ) : (
              <Text
                key={`line-${i}`}
                style={{ width: 300, textAlign: "center", fontFamily: theme.font.serif, fontStyle: "italic", fontWeight: 500, fontSize: greeting.fontSize, lineHeight: 1.42 }}
              >
                {line}
              </Text>
            ),
          )}
        </Box>
        {data.signature === "" ? null : (
          <Text style={{ width: 300, textAlign: "center", fontFamily: theme.font.serif, fontWeight: 600, fontSize: 13, color: c.primaryDark }}>Från {data.signature}</Text>
        )}
      </Box>
      <Box style={{ position: "absolute", left: PADDING_X, right: PADDING_X, bottom: 26, width: WIDTH - 2 * PADDING_X, flexDirection: "row", justifyContent: "space-between", alignItems: "center" }}>
        <Box style={{ flexDirection: "row", alignItems: "center", gap: 6 }}>
          <Mark size={16} theme={theme} />
          <Text style={{ fontSize: 8, fontWeight: 600, color: c.primaryDark }}>{site.name}</Text>
        </Box>
        <Text style={{ fontSize: 7, color: c.muted }}>
          {formatDate(data.date)} · nr {data.reference}
        </Text>
      </Box>
    </Page>
  );
}
