import type { GiftDocumentData } from "#core/documents/document-renderer";
import { formatDate, formatMoney } from "../design/format";
import { EmblemArt } from "../design/gift-document-art";
import { heartPath } from "../design/memorial-art";
import { Mark } from "../design/logo";
import { mix, type Theme } from "../design/theme";
import { Box, Page, Path, Svg, Text } from "../primitives";
import { fitGreeting, nameSize } from "./memorial-sheet";
import type { TemplateProps } from "./template";

/**
 * The gift certificate (gåvobevis), A4 portrait, and the diploma (diplom,
 * diploma.tsx) share this dignified, certificate-like layout: a double frame
 * with hearts at its corners, an emblem, the title spaced wide, the occasion,
 * the recipient's name over a rule, what was given in their name, the giver's
 * words, then the date and the charity's mark side by side, like a signed
 * document. Made for a frame on the wall as much as for an e-mail.
 */
const A4 = { width: 595.28, height: 841.89 };
const TEXT_WIDTH = 380;
const GREETING_BUDGET = 150;
/**
 * The date and the signature side by side at the foot, each in a column of
 * its own that never reaches the other's; the signature has the wider one
 * and smaller type when it is long, so that 80 characters take two lines and
 * stay below the greeting (issue #30.6).
 */
const FOOT_WIDTH = A4.width - 160;
const DATE_WIDTH = 150;
const SIGNATURE_WIDTH = FOOT_WIDTH - DATE_WIDTH - 20;
const signatureSize = (signature: string) => ([...signature].length > 40 ? 11.5 : 13);

function Corner({ theme, x, y }: { theme: Theme; x: number; y: number }) {
  return (
    <Svg width={16} height={16} viewBox="0 0 16 16" style={{ position: "absolute", left: x, top: y }}>
      <Path d={heartPath(1, 2, 14, 13)} fill={mix(theme.colour.primary, theme.colour.background, 0.35)} />
    </Svg>
  );
}

/** The double frame with hearts at its corners, shared with the company's certificate (company-certificate.tsx). */
export function CertificateFrame({ theme }: { theme: Theme }) {
  const c = theme.colour;
  return (
    <>
      <Box style={{ position: "absolute", top: 24, left: 24, width: A4.width - 48, height: A4.height - 48, borderWidth: 2, borderColor: mix(c.primary, c.background, 0.3) }} />
      <Box style={{ position: "absolute", top: 32, left: 32, width: A4.width - 64, height: A4.height - 64, borderWidth: 0.6, borderColor: mix(c.primary, c.background, 0.55) }} />
      <Corner theme={theme} x={16} y={16} />
      <Corner theme={theme} x={A4.width - 32} y={16} />
      <Corner theme={theme} x={16} y={A4.height - 32} />
      <Corner theme={theme} x={A4.width - 32} y={A4.height - 32} />
    </>
  );
}

export function FramedDocument({ data, site, theme, title, sentence }: TemplateProps<GiftDocumentData> & { title: string; sentence: string }) {
  const c = theme.colour;
  const greeting = fitGreeting(data.text, GREETING_BUDGET);
  const size = Math.min(34, nameSize(data.recipientName) + 6);
  const signature = data.signature === "" ? site.shortName : data.signature;
  return (
    <Page size="A4" style={{ fontFamily: theme.font.sans, color: c.text, backgroundColor: c.background }}>
      <CertificateFrame theme={theme} />
      <Box style={{ flexGrow: 1, alignItems: "center", paddingTop: 62, paddingLeft: 70, paddingRight: 70, paddingBottom: 150 }}>
        <EmblemArt design={data.design} theme={theme} width={170} />
        <Text style={{ marginTop: 16, fontFamily: theme.font.serif, fontWeight: 600, fontSize: 34, letterSpacing: 9, textTransform: "uppercase", color: c.primaryDark }}>
          {title}
        </Text>
        <Box style={{ marginTop: 10, flexDirection: "row", alignItems: "center", gap: 8 }}>
          <Box style={{ width: 60, height: 0.8, backgroundColor: mix(c.primary, c.background, 0.5) }} />
          <Box style={{ width: 5, height: 5, borderRadius: 2.5, backgroundColor: c.primary }} />
          <Box style={{ width: 60, height: 0.8, backgroundColor: mix(c.primary, c.background, 0.5) }} />
        </Box>
        <Text style={{ marginTop: 14, fontFamily: theme.font.serif, fontStyle: "italic", fontSize: 16, color: c.muted }}>{data.heading}</Text>
        <Text style={{ marginTop: 14, width: TEXT_WIDTH + 40, textAlign: "center", fontFamily: theme.font.serif, fontWeight: 600, fontSize: size, lineHeight: 1.15, color: c.primaryDark }}>
          {data.recipientName}
        </Text>
        <Box style={{ marginTop: 8, width: 300, height: 0.8, backgroundColor: c.line }} />
        <Text style={{ marginTop: 14, width: TEXT_WIDTH, textAlign: "center", fontSize: 12.5, lineHeight: 1.5 }}>{sentence}</Text>
        <Box style={{ flexGrow: 1, justifyContent: "center", alignItems: "center", width: TEXT_WIDTH, marginTop: 10, marginBottom: 10 }}>
          {greeting.lines.map((line, i) =>
            line === "" ? (
              <Box key={`gap-${i}`} style={{ height: greeting.fontSize * 0.7 }} />
            ) : (
              <Text
                key={`line-${i}`}
                style={{ width: TEXT_WIDTH, textAlign: "center", fontFamily: theme.font.serif, fontStyle: "italic", fontWeight: 500, fontSize: greeting.fontSize + 1, lineHeight: 1.42 }}
              >
                {line}
              </Text>
            ),
          )}
        </Box>
      </Box>
      <Box style={{ position: "absolute", left: 80, bottom: 72, width: FOOT_WIDTH, flexDirection: "row", justifyContent: "space-between", alignItems: "flex-end" }}>
        <Box style={{ width: DATE_WIDTH }}>
          <Text style={{ fontFamily: theme.font.serif, fontSize: 13, color: c.text }}>{formatDate(data.date)}</Text>
          <Box style={{ marginTop: 4, width: DATE_WIDTH - 20, height: 0.7, backgroundColor: c.line }} />
          <Text style={{ marginTop: 4, fontSize: 8.5, color: c.muted }}>Datum</Text>
        </Box>
        <Box style={{ width: SIGNATURE_WIDTH, alignItems: "flex-end" }}>
          <Text style={{ fontFamily: theme.font.serif, fontWeight: 600, fontSize: signatureSize(signature), lineHeight: 1.2, color: c.primaryDark, textAlign: "right", width: SIGNATURE_WIDTH }}>
            {signature}
          </Text>
          <Box style={{ marginTop: 4, width: 170, height: 0.7, backgroundColor: c.line }} />
          <Text style={{ marginTop: 4, fontSize: 8.5, color: c.muted }}>Från</Text>
        </Box>
      </Box>
      <Box style={{ position: "absolute", left: 0, bottom: 44, width: A4.width, alignItems: "center" }}>
        <Box style={{ flexDirection: "row", alignItems: "center", gap: 6 }}>
          <Mark size={15} theme={theme} />
          <Text style={{ fontSize: 8, fontWeight: 600, color: c.primaryDark }}>{site.name}</Text>
          <Text style={{ fontSize: 7, color: c.muted }}>· nr {data.reference}</Text>
        </Box>
      </Box>
    </Page>
  );
}

export function certificateSentence(amountOre: number | null, charityName: string): string {
  const gift = amountOre === null ? "En gåva" : `En gåva på ${formatMoney(amountOre)}`;
  return `${gift} har lämnats i ditt namn till forskningen om hjärt- och lungsjukdomar genom ${charityName}.`;
}

export function GiftCertificate(props: TemplateProps<GiftDocumentData>) {
  return <FramedDocument {...props} title="Gåvobevis" sentence={certificateSentence(props.data.amountOre, props.site.name)} />;
}
