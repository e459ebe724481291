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
const TITLE_SIZES = [34, 28, 23, 19] as const;
const TITLE_WIDTH = 400;
const BAR_WIDTH = 400;

const PANEL_WIDTH = 300;
const PANEL_TEXT_WIDTH = 240;
const PANEL_TITLE_SIZES = [28, 24, 20, 17] as const;

export function FundraiserShare(props: TemplateProps<FundraiserShareData>) {
  return props.data.picture ? <WithPicture {...props} picture={props.data.picture} /> : <Drawn {...props} />;
}

function WithPicture({ data, site, theme, picture }: TemplateProps<FundraiserShareData> & { picture: string }) {
  const c = theme.colour;
  const filled = data.percent === null ? 0 : Math.max(2, Math.round((PANEL_TEXT_WIDTH * data.percent) / 100));
  return (
    <Page size="share" style={{ fontFamily: theme.font.sans, color: c.text, backgroundColor: c.surface }}>
      <Image src={picture} width={600 - PANEL_WIDTH} height={315} style={{ position: "absolute", top: 0, left: PANEL_WIDTH }} />
      <Box style={{ position: "absolute", top: 30, left: 30, width: PANEL_TEXT_WIDTH }}>
        <Text style={{ fontSize: 10, fontWeight: 700, letterSpacing: 1.6, textTransform: "uppercase", color: c.primary }}>{`Insamling · ${data.kindLabel}`}</Text>
        <Text style={{ fontFamily: theme.font.serif, fontWeight: 600, fontSize: fitName(data.title, PANEL_TITLE_SIZES, PANEL_TEXT_WIDTH - 30, 3).fontSize, lineHeight: 1.12, color: c.primaryDark, marginTop: 10, maxWidth: PANEL_TEXT_WIDTH }}>
          {data.title}
        </Text>
        <Text style={{ fontSize: 11.5, marginTop: 10, color: c.muted }}>{`En insamling av ${data.organiserName} till hjärt- och lungforskningen`}</Text>
      </Box>
      {data.amountOre === null ? null : (
        <Box style={{ position: "absolute", left: 30, bottom: 58, width: PANEL_TEXT_WIDTH }}>
          <Text style={{ fontSize: 14, fontWeight: 700, color: c.primaryDark }}>
            {data.goalOre === null ? `${formatMoney(data.amountOre)} insamlat` : `${formatMoney(data.amountOre)} av ${formatMoney(data.goalOre)}`}
          </Text>
          {data.percent === null ? null : (
            <Box style={{ marginTop: 8, width: PANEL_TEXT_WIDTH, height: 12, borderRadius: 6, backgroundColor: c.line }}>
              <Box style={{ width: filled, height: 12, borderRadius: 6, backgroundColor: c.primary }} />
            </Box>
          )}
        </Box>
      )}
      <Box style={{ position: "absolute", left: 30, bottom: 22, flexDirection: "row", alignItems: "center", gap: 7 }}>
        <Mark size={18} theme={theme} />
        <Text style={{ fontSize: 9, fontWeight: 600, color: c.primaryDark }}>{site.name}</Text>
      </Box>
    </Page>
  );
}

function Drawn({ data, site, theme }: TemplateProps<FundraiserShareData>) {
  const c = theme.colour;
  const filled = data.percent === null ? 0 : Math.max(2, Math.round((BAR_WIDTH * data.percent) / 100));
  return (
    <Page size="share" style={{ fontFamily: theme.font.sans, color: c.text, backgroundColor: c.surface }}>
      <Box style={{ position: "absolute", top: 40, right: 36 }}>
        <Svg width={130} height={130} viewBox="0 0 48 48">
          <Path d={HEART_PATH} fill={c.primary} />
          <Path d={PULSE_PATH} fill="none" stroke={c.surface} strokeWidth={2} />
        </Svg>
      </Box>
      <Box style={{ paddingTop: 34, paddingLeft: 36, width: 440 }}>
        <Text style={{ fontSize: 10, fontWeight: 700, letterSpacing: 1.6, textTransform: "uppercase", color: c.primary }}>{`Insamling · ${data.kindLabel}`}</Text>
        <Text style={{ fontFamily: theme.font.serif, fontWeight: 600, fontSize: fitName(data.title, TITLE_SIZES, TITLE_WIDTH, 3).fontSize, lineHeight: 1.12, color: c.primaryDark, marginTop: 10, maxWidth: TITLE_WIDTH }}>
          {data.title}
        </Text>
        <Text style={{ fontSize: 12.5, marginTop: 10, color: c.muted }}>{`En insamling av ${data.organiserName} till hjärt- och lungforskningen`}</Text>
      </Box>
      {data.amountOre === null ? null : (
        <Box style={{ position: "absolute", left: 36, bottom: 62, width: BAR_WIDTH }}>
          <Text style={{ fontSize: 15, fontWeight: 700, color: c.primaryDark }}>
            {data.goalOre === null ? `${formatMoney(data.amountOre)} insamlat` : `${formatMoney(data.amountOre)} av ${formatMoney(data.goalOre)}`}
          </Text>
          {data.percent === null ? null : (
            <Box style={{ marginTop: 8, width: BAR_WIDTH, height: 12, borderRadius: 6, backgroundColor: c.line }}>
              <Box style={{ width: filled, height: 12, borderRadius: 6, backgroundColor: c.primary }} />
            </Box>
          )}
        </Box>
      )}
      <Box style={{ position: "absolute", left: 36, bottom: 22, flexDirection: "row", alignItems: "center", gap: 7 }}>
        <Mark size={18} theme={theme} />
        <Text style={{ fontSize: 9, fontWeight: 600, color: c.primaryDark }}>{site.name}</Text>
      </Box>
    </Page>
  );
}
