import { Fragment, type ReactNode } from "react";
import type { MemorialSheetData } from "#core/documents/document-renderer";
import { Circle, Path, Svg } from "../primitives";
import { mix, type Theme } from "./theme";

/**
 * The memorial sheet's four illustrations, vector art in the site's palette
 * (leaves are the accent colour lightened, never a colour of their own, so
 * another charity's colours carry through). Each is drawn on a 240 × 130
 * canvas and placed centred at the top of the sheet.
 */
export const ART_VIEWBOX = { width: 240, height: 130 };

export type Point = readonly [number, number];
export const f = (n: number) => Math.round(n * 100) / 100;

/** A pointed petal or leaf from `base`, `length` long, pointing at `angle` degrees (0 = up, clockwise). */
export function petal(base: Point, angle: number, length: number, width: number, bend = 0): string {
  const a = (angle * Math.PI) / 180;
  const at = (along: number, across: number): string => {
    const x = base[0] + along * Math.sin(a) + across * Math.cos(a);
    const y = base[1] - along * Math.cos(a) + across * Math.sin(a);
    return `${f(x)} ${f(y)}`;
  };
  return [
    `M${at(0, 0)}`,
    `C${at(length * 0.3, width * 0.95 + bend)} ${at(length * 0.75, width * 0.7 + bend)} ${at(length, bend * 1.6)}`,
    `C${at(length * 0.75, -width * 0.7 + bend)} ${at(length * 0.3, -width * 0.95 + bend)} ${at(0, 0)}`,
    "Z",
  ].join(" ");
}

/** A heart in the box (x, y, w, h), its point at the bottom. */
export function heartPath(x: number, y: number, w: number, h: number): string {
  const p = (px: number, py: number) => `${f(x + w * px)} ${f(y + h * py)}`;
  return [
    `M${p(0.5, 1)}`,
    `C${p(0.16, 0.74)} ${p(0, 0.52)} ${p(0, 0.3)}`,
    `C${p(0, 0.12)} ${p(0.13, 0)} ${p(0.28, 0)}`,
    `C${p(0.39, 0)} ${p(0.47, 0.08)} ${p(0.5, 0.2)}`,
    `C${p(0.53, 0.08)} ${p(0.61, 0)} ${p(0.72, 0)}`,
    `C${p(0.87, 0)} ${p(1, 0.12)} ${p(1, 0.3)}`,
    `C${p(1, 0.52)} ${p(0.84, 0.74)} ${p(0.5, 1)}`,
    "Z",
  ].join(" ");
}

export function palette(theme: Theme) {
  const c = theme.colour;
  return {
    ink: c.primaryDark,
    bloom: c.primary,
    leaf: mix(c.accent, c.background, 0.45),
    leafDark: mix(c.accent, c.background, 0.15),
    wash: mix(c.primary, c.background, 0.9),
    sky: mix(c.accent, c.background, 0.88),
    paper: c.background,
  };
}

/** A star lily seen from the front: six petals (three narrower), stamens with anthers. */
function Lily({ centre, size, theme }: { centre: Point; size: number; theme: Theme }) {
  const p = palette(theme);
  const petals = [0, 60, 120, 180, 240, 300].map((angle, i) => ({ angle: angle + 30, long: i % 2 === 0 }));
  return (
    <>
      {petals.map(({ angle, long }) => (
        <Path
          key={`petal-${angle}`}
          d={petal(centre, angle, long ? size : size * 0.9, long ? size * 0.3 : size * 0.24, long ? 1.2 : -1)}
          fill={p.paper}
          stroke={p.ink}
          strokeWidth={0.9}
        />
      ))}
      {petals.map(({ angle }) => (
        <Path key={`rib-${angle}`} d={petal(centre, angle, size * 0.62, size * 0.05)} fill={p.wash} stroke={p.bloom} strokeWidth={0.4} opacity={0.8} />
      ))}
      {[10, 70, 130, 190, 250, 310].map((angle) => {
        const a = (angle * Math.PI) / 180;
        const end: Point = [centre[0] + size * 0.52 * Math.sin(a), centre[1] - size * 0.52 * Math.cos(a)];
        return (
          <Path
            key={`stamen-${angle}`}
            d={`M${f(centre[0])} ${f(centre[1])} Q${f(centre[0] + size * 0.3 * Math.sin(a + 0.3))} ${f(centre[1] - size * 0.3 * Math.cos(a + 0.3))} ${f(end[0])} ${f(end[1])}`}
            fill="none"
            stroke={p.leafDark}
            strokeWidth={0.6}
          />
        );
      })}
      {[10, 70, 130, 190, 250, 310].map((angle) => {
        const a = (angle * Math.PI) / 180;
        return <Circle key={`anther-${angle}`} cx={f(centre[0] + size * 0.54 * Math.sin(a))} cy={f(centre[1] - size * 0.54 * Math.cos(a))} r={size * 0.05} fill={p.bloom} />;
      })}
      <Circle cx={centre[0]} cy={centre[1]} r={size * 0.07} fill={p.leafDark} />
    </>
  );
}

function LilyArt({ theme }: { theme: Theme }) {
  const p = palette(theme);
  return (
    <>
      <Path d="M120 128 C118 110 116 92 121 70" fill="none" stroke={p.leafDark} strokeWidth={1.2} />
      <Path d="M120 128 C110 112 92 100 70 88" fill="none" stroke={p.leafDark} strokeWidth={1.1} />
      <Path d="M120 128 C132 112 150 98 172 86" fill="none" stroke={p.leafDark} strokeWidth={1.1} />
      <Path d="M120 128 C126 104 150 60 184 34" fill="none" stroke={p.leafDark} strokeWidth={0.9} />
      <Path d={petal([118, 118], -58, 44, 7, 2)} fill={p.leaf} opacity={0.9} />
      <Path d={petal([121, 120], 52, 46, 7, -2)} fill={p.leaf} opacity={0.9} />
      <Path d={petal([119, 104], -22, 34, 5.5, 1.5)} fill={p.leaf} opacity={0.75} />
      <Path d={petal([123, 100], 30, 30, 5, -1.5)} fill={p.leaf} opacity={0.75} />
      {/* A closed bud on the tallest stem. */}
      <Path d={petal([184, 35], 52, 26, 6.5, 1)} fill={p.paper} stroke={p.ink} strokeWidth={0.9} />
      <Path d={petal([184, 35], 52, 19, 2)} fill={p.wash} opacity={0.9} />
      <Lily centre={[70, 80]} size={25} theme={theme} />
      <Lily centre={[168, 78]} size={23} theme={theme} />
      <Lily centre={[121, 50]} size={34} theme={theme} />
    </>
  );
}

function CandleArt({ theme }: { theme: Theme }) {
  const p = palette(theme);
  return (
    <>
      <Circle cx={120} cy={40} r={40} fill={p.bloom} opacity={0.05} />
      <Circle cx={120} cy={40} r={28} fill={p.bloom} opacity={0.07} />
      <Circle cx={120} cy={41} r={17} fill={p.bloom} opacity={0.1} />
      {/* The flame: the brand colour outside, paper at its heart. */}
      <Path d="M120 10 C126 22 132 31 132 41 C132 49 126.5 55 120 55 C113.5 55 108 49 108 41 C108 31 114 22 120 10 Z" fill={p.bloom} />
      <Path d="M120 27 C123.5 34 126 38 126 44 C126 49 123.3 52 120 52 C116.7 52 114 49 114 44 C114 38 116.5 34 120 27 Z" fill={p.paper} opacity={0.92} />
      <Path d="M120 54 L120 62" fill="none" stroke={theme.colour.text} strokeWidth={1.4} />
      {/* The candle, a little wax run down its side. */}
      <Path d="M101 64 C101 61.5 103 60.5 106 60.5 L134 60.5 C137 60.5 139 61.5 139 64 L139 117 L101 117 Z" fill={p.paper} stroke={p.ink} strokeWidth={0.9} />
      <Path d="M101 64 C101 61.5 103 60.5 106 60.5 L134 60.5 C137 60.5 139 61.5 139 64 C133 65 131 67 131 74 C131 77 128 77 128 74 C128 68 124 66 117 66 C110 66 107 67 101 64 Z" fill={p.wash} />
      <Path d="M110 70 L110 108" fill="none" stroke={p.wash} strokeWidth={3} opacity={0.9} />
      {/* The holder and two sprigs laid beside it. */}
      <Path d="M84 117 L156 117 C156 122 146 126 120 126 C94 126 84 122 84 117 Z" fill={p.sky} stroke={p.leafDark} strokeWidth={0.9} />
      <Path d="M96 120 C78 114 62 104 48 88" fill="none" stroke={p.leafDark} strokeWidth={0.9} />
      <Path d="M144 120 C162 114 178 104 192 88" fill="none" stroke={p.leafDark} strokeWidth={0.9} />
      {[0, 1, 2, 3].map((i) => {
        const t = i / 4;
        const x = 92 - t * 40;
        const y = 118 - t * 26 - t * t * 4;
        return (
          <Fragment key={`sprig-${i}`}>
            <Path key={`l-up-${i}`} d={petal([x, y], -20 - i * 6, 13 - i, 3.6)} fill={p.leaf} />
            <Path key={`l-down-${i}`} d={petal([x, y], -100 - i * 4, 12 - i, 3.4)} fill={p.leaf} opacity={0.8} />
            <Path key={`r-up-${i}`} d={petal([240 - x, y], 20 + i * 6, 13 - i, 3.6)} fill={p.leaf} />
            <Path key={`r-down-${i}`} d={petal([240 - x, y], 100 + i * 4, 12 - i, 3.4)} fill={p.leaf} opacity={0.8} />
          </Fragment>
        );
      })}
    </>
  );
}

function DoveArt({ theme }: { theme: Theme }) {
  const p = palette(theme);
  const body =
    "M62 66 L71 62.5 C72 54 80 49.5 88 52 C94 54 98 59 104 62 C116 67 132 66 148 64 C164 62 180 56 204 46 C200 56 196 62 190 66 C198 66 206 68 214 72 C200 78 186 80 172 80 C160 88 142 92 124 90 C104 88 90 80 82 72 C78 68 72 66 62 66 Z";
  const farWing = "M110 62 C112 44 122 28 140 16 C140 28 144 36 152 44 C144 52 132 60 120 64 Z";
  const nearWing =
    "M104 64 C112 46 130 24 158 8 C156 20 158 26 166 30 C160 34 162 40 172 42 C164 48 164 52 174 56 C156 66 134 70 112 70 Z";
  return (
    <>
      <Path d="M24 114 C70 106 110 112 140 115 C170 118 196 112 218 106" fill="none" stroke={p.leaf} strokeWidth={0.9} opacity={0.7} />
      <Path d={farWing} fill={p.sky} stroke={p.leafDark} strokeWidth={0.8} />
      <Path d={body} fill={p.paper} stroke={p.leafDark} strokeWidth={1.1} />
      <Path d={nearWing} fill={p.paper} stroke={p.leafDark} strokeWidth={1.1} />
      <Path d="M124 62 C136 52 148 40 160 32 M130 64 C142 58 154 50 168 44 M136 66 C148 62 158 58 170 56" fill="none" stroke={p.leaf} strokeWidth={0.8} />
      <Path d="M182 68 C192 69 200 70 210 72 M180 74 C190 75 198 76 206 76" fill="none" stroke={p.leaf} strokeWidth={0.8} />
      <Circle cx={81} cy={58} r={1.6} fill={p.ink} />
      {/* An olive branch in its beak. */}
      <Path d="M64 65 C56 72 48 80 38 86" fill="none" stroke={p.leafDark} strokeWidth={1} />
      <Path d={petal([58, 70], 200, 11, 3)} fill={p.leaf} />
      <Path d={petal([54, 74], 290, 11, 3)} fill={p.leaf} />
      <Path d={petal([48, 79], 190, 10, 2.8)} fill={p.leaf} />
      <Path d={petal([44, 82], 280, 10, 2.8)} fill={p.leaf} />
      <Path d={petal([39, 86], 240, 10, 2.8)} fill={p.leaf} />
      <Circle cx={52} cy={80} r={2.2} fill={p.bloom} opacity={0.85} />
      <Circle cx={45} cy={88} r={2} fill={p.bloom} opacity={0.85} />
    </>
  );
}

function HeartArt({ theme }: { theme: Theme }) {
  const p = palette(theme);
  return (
    <>
      {/* A breath and a heartbeat passing under the heart, as in the charity's mark. */}
      <Path d="M12 112 C60 112 84 104 120 104 C156 104 180 112 228 112" fill="none" stroke={p.leaf} strokeWidth={1} />
      <Path d="M20 120 C64 120 90 114 120 114 C150 114 176 120 220 120" fill="none" stroke={p.bloom} strokeWidth={0.8} opacity={0.45} />
      <Path d={heartPath(72, 14, 96, 96)} fill={p.wash} />
      <Path d={heartPath(78, 18, 84, 86)} fill="none" stroke={p.bloom} strokeWidth={2.2} />
      <Path d={heartPath(92, 32, 56, 58)} fill="none" stroke={p.leafDark} strokeWidth={1.1} opacity={0.8} />
      <Path d={heartPath(104, 45, 32, 33)} fill={p.bloom} opacity={0.85} />
    </>
  );
}

const ART: Record<MemorialSheetData["design"], (props: { theme: Theme }) => ReactNode> = {
  lilja: LilyArt,
  ljus: CandleArt,
  duva: DoveArt,
  hjarta: HeartArt,
};

export function MemorialArt({ design, theme, width }: { design: MemorialSheetData["design"]; theme: Theme; width: number }) {
  const Art = ART[design];
  return (
    <Svg width={width} height={(width * ART_VIEWBOX.height) / ART_VIEWBOX.width} viewBox={`0 0 ${ART_VIEWBOX.width} ${ART_VIEWBOX.height}`}>
      <Art theme={theme} />
    </Svg>
  );
}
