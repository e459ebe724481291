import type { GreetingCardData } from "#core/documents/document-renderer";
import { CardArt } from "../design/cards-art";
import { Mark } from "../design/logo";
import { Box, Page, Text } from "../primitives";
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

function nameSize(name: string): number {
  const length = [...name].length;
  if (length <= 18) return 17;
  if (length <= 30) return 14;
  return 11.5;
}

export function GreetingCard({ data, site, theme }: TemplateProps<GreetingCardData>) {
  const c = theme.colour;
  const recipientSize = nameSize(data.recipientName);
  const giverSize = Math.min(13, nameSize(data.giverName));
  const greeting = fitGreeting(data.greeting, 132, TEXT_WIDTH);
  return (
    <Page size="card" style={{ fontFamily: theme.font.sans, color: c.text, backgroundColor: c.background, flexDirection: "row" }}>
      <CardArt design={data.design} theme={theme} width={ART_WIDTH} height={PAGE.height} />
      <Box style={{ width: PAGE.width - ART_WIDTH, paddingTop: PADDING, paddingLeft: PADDING, paddingRight: PADDING, paddingBottom: 16 }}>
        <Text style={{ fontSize: 7.5, fontWeight: 700, letterSpacing: 1.6, textTransform: "uppercase", color: c.primary }}>Till</Text>
        <Text style={{ marginTop: 3, width: TEXT_WIDTH, fontFamily: theme.font.serif, fontWeight: 600, fontSize: recipientSize, lineHeight: 1.15, color: c.primaryDark }}>
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
        <Text style={{ marginTop: 2, width: TEXT_WIDTH, fontFamily: theme.font.serif, fontWeight: 600, fontSize: giverSize, lineHeight: 1.2, color: c.primaryDark }}>
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
