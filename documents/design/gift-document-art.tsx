import { Fragment, type ReactNode } from "react";
import { Circle, Path, Rect, Svg } from "../primitives";
import { f, heartPath, palette, petal, type Point } from "./memorial-art";
import { mix, type Theme } from "./theme";

/**
 * The art of gift cards, gift certificates and diplomas: vector drawings in
 * the site's palette (leaves are the accent lightened, never a colour of their
 * own, so another charity's colours carry through). Gift-card art fills a
 * wide band (300 × 150); certificate and diploma art is an emblem
 * (200 × 150) above the title, quiet enough for a frame on the wall.
 */
export const BAND_VIEWBOX = { width: 300, height: 150 };
export const EMBLEM_VIEWBOX = { width: 200, height: 150 };

/** A five-pointed star centred on `c`. */
function starPath(c: Point, outer: number, inner = outer * 0.45): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (i * Math.PI) / 5;
    points.push(`${f(c[0] + r * Math.sin(a))} ${f(c[1] - r * Math.cos(a))}`);
  }
  return `M${points.join(" L")} Z`;
}

/** A circle with a scalloped edge, like a rosette or a wax seal. */
function scallopPath(c: Point, r: number, bumps: number, depth: number): string {
  const parts: string[] = [];
  for (let i = 0; i <= bumps * 2; i++) {
    const a = (i * Math.PI) / bumps;
    const rr = i % 2 === 0 ? r : r - depth;
    parts.push(`${f(c[0] + rr * Math.sin(a))} ${f(c[1] - rr * Math.cos(a))}`);
  }
  return `M${parts[0]} ${parts.slice(1).map((p) => `L${p}`).join(" ")} Z`;
}

/** Scattered hearts of different sizes over a soft wash, a heartbeat running through. */
function HeartsBand({ theme }: { theme: Theme }) {
  const p = palette(theme);
  const hearts: Array<[number, number, number, string, number]> = [
    [28, 24, 34, p.wash, 1],
    [236, 14, 40, p.wash, 1],
    [70, 80, 26, p.leaf, 0.55],
    [200, 92, 22, p.leaf, 0.55],
    [258, 78, 18, p.bloom, 0.5],
    [16, 98, 16, p.bloom, 0.45],
    [176, 20, 14, p.bloom, 0.5],
    [96, 18, 12, p.leafDark, 0.4],
  ];
  return (
    <>
      <Rect x={0} y={0} width={300} height={150} fill={p.sky} opacity={0.5} />
      {hearts.map(([x, y, s, fill, opacity]) => (
        <Path key={`h-${x}-${y}`} d={heartPath(x, y, s, s * 0.92)} fill={fill} opacity={opacity} />
      ))}
      <Path d="M0 112 L96 112 L108 96 L120 128 L134 70 L146 112 L300 112" fill="none" stroke={p.bloom} strokeWidth={2} opacity={0.55} />
      <Path d={heartPath(112, 30, 76, 72)} fill={p.bloom} />
      <Path d={heartPath(124, 42, 24, 22)} fill={p.paper} opacity={0.35} />
    </>
  );
}

/** A meadow of simple five-petalled flowers on curving stems. */
function FlowersBand({ theme }: { theme: Theme }) {
  const p = palette(theme);
  const flowers: Array<[number, number, number, string]> = [
    [62, 62, 20, p.bloom],
    [150, 44, 26, p.bloom],
    [236, 66, 19, p.bloom],
    [106, 92, 13, mix(theme.colour.primary, theme.colour.background, 0.45)],
    [196, 96, 14, mix(theme.colour.primary, theme.colour.background, 0.45)],
    [22, 100, 11, mix(theme.colour.primary, theme.colour.background, 0.6)],
    [278, 104, 12, mix(theme.colour.primary, theme.colour.background, 0.6)],
  ];
  return (
    <>
      <Rect x={0} y={0} width={300} height={150} fill={p.wash} opacity={0.6} />
      <Path d="M0 140 C60 128 120 136 160 132 C210 127 250 136 300 128 L300 150 L0 150 Z" fill={p.leaf} opacity={0.35} />
      {flowers.map(([x, y, s]) => (
        <Fragment key={`stem-${x}`}>
          <Path d={`M${x} ${y} C${x - 4} ${y + 30} ${x + 6} ${y + 50} ${x + 2} 150`} fill="none" stroke={p.leafDark} strokeWidth={1.2} />
          <Path d={petal([x + 1, y + 40], -50, s * 0.9, s * 0.25)} fill={p.leaf} />
          <Path d={petal([x + 2, y + 52], 55, s * 0.8, s * 0.22)} fill={p.leaf} opacity={0.85} />
        </Fragment>
      ))}
      {flowers.map(([x, y, s, fill]) => (
        <Fragment key={`flower-${x}`}>
          {[0, 72, 144, 216, 288].map((angle) => (
            <Path key={`petal-${x}-${angle}`} d={petal([x, y], angle, s, s * 0.42)} fill={fill} stroke={p.paper} strokeWidth={0.6} />
          ))}
          <Circle cx={x} cy={y} r={s * 0.22} fill={p.paper} />
          <Circle cx={x} cy={y} r={s * 0.12} fill={p.leafDark} />
        </Fragment>
      ))}
    </>
  );
}

/** A night sky of stars around one large star: for Christmas, a jubilee, a thank-you. */
function StarsBand({ theme }: { theme: Theme }) {
  const p = palette(theme);
  const night = theme.colour.accent;
  const stars: Array<[number, number, number, number]> = [
    [30, 30, 7, 0.9],
    [70, 100, 5, 0.7],
    [92, 40, 4, 0.8],
    [210, 36, 6, 0.85],
    [250, 106, 7, 0.8],
    [276, 40, 4, 0.7],
    [46, 128, 3.5, 0.6],
    [226, 130, 3.5, 0.6],
    [120, 124, 3, 0.6],
    [186, 118, 3, 0.55],
  ];
  return (
    <>
      <Rect x={0} y={0} width={300} height={150} fill={night} />
      <Circle cx={150} cy={72} r={70} fill={p.paper} opacity={0.06} />
      <Circle cx={150} cy={72} r={46} fill={p.paper} opacity={0.08} />
      {stars.map(([x, y, r, o]) => (
        <Path key={`s-${x}-${y}`} d={starPath([x, y], r)} fill={p.paper} opacity={o} />
      ))}
      <Path d={starPath([150, 70], 38, 16)} fill={mix(theme.colour.primary, theme.colour.background, 0.15)} />
      <Path d={starPath([150, 70], 24, 10)} fill={p.paper} opacity={0.3} />
    </>
  );
}

/** Two laurel branches along a circle, meeting under a small heart. */
function Laurel({ theme }: { theme: Theme }) {
  const p = palette(theme);
  const centre: Point = [100, 80];
  const radius = 62;
  // θ runs from the bottom of the circle up the left side; the right branch is its mirror.
  const at = (deg: number): Point => {
    const t = (deg * Math.PI) / 180;
    return [centre[0] - radius * Math.sin(t), centre[1] + radius * Math.cos(t)];
  };
  const tangent = (deg: number) => {
    const t = (deg * Math.PI) / 180;
    const dx = -Math.cos(t);
    const dy = -Math.sin(t);
    return (Math.atan2(dx, -dy) * 180) / Math.PI;
  };
  const stem = [16, 40, 64, 88, 112, 136, 150].map((deg) => at(deg));
  const stemPath = (mirror: boolean) =>
    `M${stem.map(([x, y]) => `${f(mirror ? 200 - x : x)} ${f(y)}`).join(" L")}`;
  const leaves: ReactNode[] = [];
  for (let i = 0; i < 9; i++) {
    const deg = 22 + i * 15;
    const [x, y] = at(deg);
    const dir = tangent(deg);
    const size = 17 - i * 0.9;
    leaves.push(
      <Fragment key={`leaf-${i}`}>
        <Path d={petal([x, y], dir - 38, size, size * 0.32)} fill={p.leaf} />
        <Path d={petal([x, y], dir + 38, size * 0.92, size * 0.3)} fill={p.leafDark} opacity={0.8} />
        <Path d={petal([200 - x, y], -(dir - 38), size, size * 0.32)} fill={p.leaf} />
        <Path d={petal([200 - x, y], -(dir + 38), size * 0.92, size * 0.3)} fill={p.leafDark} opacity={0.8} />
      </Fragment>,
    );
  }
  return (
    <>
      <Path d={stemPath(false)} fill="none" stroke={p.leafDark} strokeWidth={1.3} />
      <Path d={stemPath(true)} fill="none" stroke={p.leafDark} strokeWidth={1.3} />
      {leaves}
      <Path d={heartPath(76, 58, 48, 45)} fill={p.bloom} />
      <Path d="M80 79 L89 79 L92 73 L97 86 L102 67 L106 79 L120 79" fill="none" stroke={p.paper} strokeWidth={1.7} />
      <Path d="M84 146 C90 138 95 136 100 136 C105 136 110 138 116 146" fill="none" stroke={p.bloom} strokeWidth={2.2} />
    </>
  );
}

/** A ribbon rosette: scalloped rings around a heart, two tails below. */
function Rosette({ theme }: { theme: Theme }) {
  const p = palette(theme);
  return (
    <>
      <Path d="M84 96 L62 146 L76 140 L84 150 L100 104 Z" fill={theme.colour.primaryDark} />
      <Path d="M116 96 L138 146 L124 140 L116 150 L100 104 Z" fill={theme.colour.primary} />
      <Path d={scallopPath([100, 66], 58, 24, 5)} fill={p.wash} stroke={p.bloom} strokeWidth={1} />
      <Circle cx={100} cy={66} r={44} fill={p.paper} stroke={p.leafDark} strokeWidth={0.8} />
      <Circle cx={100} cy={66} r={39} fill="none" stroke={p.bloom} strokeWidth={0.6} opacity={0.7} />
      <Path d={heartPath(76, 42, 48, 46)} fill={p.bloom} />
      <Path d="M78 62 L88 62 L92 55 L97 70 L102 50 L106 62 L122 62" fill="none" stroke={p.paper} strokeWidth={1.8} />
    </>
  );
}

/** A seal: a scalloped disc in the brand colour with the charity's heart, ribbons behind. */
function Seal({ theme }: { theme: Theme }) {
  const p = palette(theme);
  const ring = mix(theme.colour.primary, theme.colour.background, 0.2);
  return (
    <>
      <Path d="M40 60 C70 70 130 70 160 60 L176 84 L160 86 L166 102 C130 110 70 110 34 102 L40 86 L24 84 Z" fill={p.wash} stroke={p.bloom} strokeWidth={0.8} />
      <Path d={scallopPath([100, 76], 56, 28, 4)} fill={theme.colour.primaryDark} />
      <Circle cx={100} cy={76} r={46} fill={ring} />
      <Circle cx={100} cy={76} r={42} fill="none" stroke={p.paper} strokeWidth={0.8} opacity={0.8} />
      <Circle cx={100} cy={76} r={36} fill="none" stroke={p.paper} strokeWidth={0.4} opacity={0.6} />
      {[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => {
        const a = (i * Math.PI) / 6;
        return <Circle key={`dot-${i}`} cx={f(100 + 39 * Math.sin(a))} cy={f(76 - 39 * Math.cos(a))} r={1.1} fill={p.paper} opacity={0.8} />;
      })}
      <Path d={heartPath(80, 56, 40, 38)} fill={p.paper} />
      <Path d="M82 73 L90 73 L93 68 L97 79 L101 63 L104 73 L118 73" fill="none" stroke={ring} strokeWidth={1.6} />
    </>
  );
}

const BAND_ART = { hjartan: HeartsBand, blommor: FlowersBand, stjarnor: StarsBand } as const;
const EMBLEM_ART = { lager: Laurel, band: Rosette, sigill: Seal } as const;

export function GiftCardArt({ design, theme, width }: { design: string; theme: Theme; width: number }) {
  const Art = BAND_ART[design as keyof typeof BAND_ART] ?? HeartsBand;
  return (
    <Svg width={width} height={(width * BAND_VIEWBOX.height) / BAND_VIEWBOX.width} viewBox={`0 0 ${BAND_VIEWBOX.width} ${BAND_VIEWBOX.height}`}>
      <Art theme={theme} />
    </Svg>
  );
}

export function EmblemArt({ design, theme, width }: { design: string; theme: Theme; width: number }) {
  const Art = EMBLEM_ART[design as keyof typeof EMBLEM_ART] ?? Laurel;
  return (
    <Svg width={width} height={(width * EMBLEM_VIEWBOX.height) / EMBLEM_VIEWBOX.width} viewBox={`0 0 ${EMBLEM_VIEWBOX.width} ${EMBLEM_VIEWBOX.height}`}>
      <Art theme={theme} />
    </Svg>
  );
}
