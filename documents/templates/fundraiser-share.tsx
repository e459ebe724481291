import type { FundraiserShareData } from "#core/documents/document-renderer";
import { formatMoney } from "../design/format";
import { fitName } from "../design/text-fit";
import { HEART_PATH, Mark, PULSE_PATH } from "../design/logo";
import { Box, Image, Page, Path, Svg, Text } from "../primitives";
import type { TemplateProps } from "./template";

/**
 * A fundraiser's share image (1200 × 630, what a link preview shows): the
 * kind, the title, who organises it and the progress towards the goal, with
 * the charity's mark. Vector art in the charity's colours; with the
 * organiser's approved picture (decision 0053), the words take the left half
 * and the picture, cropped to its subject, the right.
 */
/** Where the words go: across the drawn design, or on the left half beside the organiser's picture. */
const LAYOUTS = {
  drawn: { inset: 36, top: 34, width: 440, titleSizes: [34, 28, 23, 19], titleWidth: 400, titleFit: 400, byline: 12.5, amount: 15, progressBottom: 62, bar: 400 },
  picture: { inset: 30, top: 30, width: 240, titleSizes: [28, 24, 20, 17], titleWidth: 240, titleFit: 210, byline: 11.5, amount: 14, progressBottom: 58, bar: 240 },
} as const;
/** The picture's half: what core/fundraisers/fundraiser-pictures.ts makes its share variant for (600 × 630 pixels). */
const PICTURE_LEFT = 300;

export function FundraiserShare({ data, site, theme }: TemplateProps<FundraiserShareData>) {
  const c = theme.colour;
  const layout = data.picture ? LAYOUTS.picture : LAYOUTS.drawn;
  const filled = data.percent === null ? 0 : Math.max(2, Math.round((layout.bar * data.percent) / 100));
  return (
    <Page size="share" style={{ fontFamily: theme.font.sans, color: c.text, backgroundColor: c.surface }}>
      {data.picture ? (
        <Image src={data.picture} width={600 - PICTURE_LEFT} height={315} style={{ position: "absolute", top: 0, left: PICTURE_LEFT }} />
      ) : (
        <Box style={{ position: "absolute", top: 40, right: 36 }}>
          <Svg width={130} height={130} viewBox="0 0 48 48">
            <Path d={HEART_PATH} fill={c.primary} />
            <Path d={PULSE_PATH} fill="none" stroke={c.surface} strokeWidth={2} />
          </Svg>
        </Box>
      )}
      <Box style={{ position: "absolute", top: layout.top, left: layout.inset, width: layout.width }}>
        <Text style={{ fontSize: 10, fontWeight: 700, letterSpacing: 1.6, textTransform: "uppercase", color: c.primary }}>{`Insamling · ${data.kindLabel}`}</Text>
        <Text
          style={{
            fontFamily: theme.font.serif,
            fontWeight: 600,
            fontSize: fitName(data.title, layout.titleSizes, layout.titleFit, 3).fontSize,
            lineHeight: 1.12,
            color: c.primaryDark,
            marginTop: 10,
            maxWidth: layout.titleWidth,
          }}
        >
          {data.title}
        </Text>
        <Text style={{ fontSize: layout.byline, marginTop: 10, color: c.muted }}>{`En insamling av ${data.organiserName} till hjärt- och lungforskningen`}</Text>
      </Box>
      {data.amountOre === null ? null : (
        <Box style={{ position: "absolute", left: layout.inset, bottom: layout.progressBottom, width: layout.bar }}>
          <Text style={{ fontSize: layout.amount, fontWeight: 700, color: c.primaryDark }}>
            {data.goalOre === null ? `${formatMoney(data.amountOre)} insamlat` : `${formatMoney(data.amountOre)} av ${formatMoney(data.goalOre)}`}
          </Text>
          {data.percent === null ? null : (
            <Box style={{ marginTop: 8, width: layout.bar, height: 12, borderRadius: 6, backgroundColor: c.line }}>
              <Box style={{ width: filled, height: 12, borderRadius: 6, backgroundColor: c.primary }} />
            </Box>
          )}
        </Box>
      )}
      <Box style={{ position: "absolute", left: layout.inset, bottom: 22, flexDirection: "row", alignItems: "center", gap: 7 }}>
        <Mark size={18} theme={theme} />
        <Text style={{ fontSize: 9, fontWeight: 600, color: c.primaryDark }}>{site.name}</Text>
      </Box>
    </Page>
  );
}
