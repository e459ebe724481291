import type { GreetingCardData } from "#core/documents/document-renderer";
import { CardArt } from "../design/cards-art";
import { Mark } from "../design/logo";
import { Box, Page, Text } from "../primitives";
import { fitName } from "../design/text-fit";
import { fitGreeting } from "./memorial-sheet";
import type { TemplateProps } from "./template";

/**
 * The digital greeting card, A6 landscape like a postcard: the card's art on
 * the left, on the right "Till" and the recipient, the greeting in the
 * giver's own line breaks (smaller as it gets longer), "Från" and the giver,
 * and at the foot what the gift is: a gift to heart and lung research.
 */
const PAGE = { width: 419.53, height: 297.64 };
const ART_WIDTH = 178;
const PADDING = 24;
const TEXT_WIDTH = PAGE.width - ART_WIDTH - PADDING * 2;
const LINE_HEIGHT = 1.38;
const NAME_SIZES = [17, 14, 11.5, 10] as const;
const NAME_LINE_HEIGHT = 1.15;
/**
 * The height the two names and the greeting share: the page less its
 * padding, the "Till" and "Från" labels, the margins and the foot. Names
 * take what they need (80 characters: three rows at the smallest size), the
 * greeting the rest, so that the foot stays on the card (issue #30.6).
 */
const NAMES_AND_GREETING = 170;
const GREETING_BUDGET = 132;

export function GreetingCard({ data, site, theme }: TemplateProps<GreetingCardData>) {
  const c = theme.colour;
  const recipient = fitName(data.recipientName, NAME_SIZES, TEXT_WIDTH, 2);
  const giver = fitName(data.giverName, NAME_SIZES.slice(1), TEXT_WIDTH, 2);
  const giverSize = Math.min(13, giver.fontSize);
  const namesHeight = (recipient.rows * recipient.fontSize + giver.rows * giverSize) * NAME_LINE_HEIGHT;
  const greeting = fitGreeting(data.greeting, Math.min(GREETING_BUDGET, NAMES_AND_GREETING - namesHeight), TEXT_WIDTH);
  return (
    <Page size="card" style={{ fontFamily: theme.font.sans, color: c.text, backgroundColor: c.background, flexDirection: "row" }}>
      <CardArt design={data.design} theme={theme} width={ART_WIDTH} height={PAGE.height} />
      <Box style={{ width: PAGE.width - ART_WIDTH, paddingTop: PADDING, paddingLeft: PADDING, paddingRight: PADDING, paddingBottom: 16 }}>
        <Text style={{ fontSize: 7.5, fontWeight: 700, letterSpacing: 1.6, textTransform: "uppercase", color: c.primary }}>Till</Text>
        <Text style={{ marginTop: 3, width: TEXT_WIDTH, fontFamily: theme.font.serif, fontWeight: 600, fontSize: recipient.fontSize, lineHeight: NAME_LINE_HEIGHT, color: c.primaryDark }}>
          {data.recipientName}
        </Text>
        <Box style={{ flexGrow: 1, justifyContent: "center", width: TEXT_WIDTH, marginTop: 8, marginBottom: 8 }}>
          {greeting.lines.map((line, i) =>
            line === "" ? (
              <Box key={`gap-${i}`} style={{ height: greeting.fontSize * LINE_HEIGHT * 0.5 }} />
            ) : (
              <Text
                key={`line-${i}`}
                style={{ width: TEXT_WIDTH, fontFamily: theme.font.serif, fontStyle: "italic", fontWeight: 500, fontSize: greeting.fontSize, lineHeight: LINE_HEIGHT, color: c.text }}
              >
                {line}
              </Text>
            ),
          )}
        </Box>
        <Text style={{ fontSize: 7.5, fontWeight: 700, letterSpacing: 1.6, textTransform: "uppercase", color: c.primary }}>Från</Text>
        <Text style={{ marginTop: 2, width: TEXT_WIDTH, fontFamily: theme.font.serif, fontWeight: 600, fontSize: giverSize, lineHeight: NAME_LINE_HEIGHT, color: c.primaryDark }}>
          {data.giverName}
        </Text>
        <Box style={{ marginTop: 12, paddingTop: 8, borderTopWidth: 0.6, borderTopColor: c.line, flexDirection: "row", alignItems: "center", gap: 7 }}>
          <Mark size={16} theme={theme} />
          <Text style={{ width: TEXT_WIDTH - 24, fontSize: 7.5, lineHeight: 1.35, color: c.muted }}>En gåva till hjärt- och lungforskningen genom {site.name}</Text>
        </Box>
      </Box>
    </Page>
  );
}
