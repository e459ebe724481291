import type { ReactNode } from "react";
import type { CardDesign, CardMotif, CardPalette } from "#core/cards/card-design";
import { Box, Circle, Path, Rect, Svg } from "../primitives";
import { heartPath, petal } from "./memorial-art";
import { mix, type Theme } from "./theme";

/**
 * The greeting cards' illustrations: twenty motifs drawn as flat vector art
 * on a 160 × 160 canvas, each in any of seven palettes and four variants
 * (the pattern behind the motif and how the motif is placed). The palettes
 * are mixed from the site's colours; spring green and gold are the only
 * tones of their own, for Easter, spring and festive cards, and they too are
 * softened towards the site's paper.
 */
export const ART_SIZE = 160;

const f = (n: number) => Math.round(n * 100) / 100;
type Point = readonly [number, number];

export interface CardColours {
  /** The art panel's ground. */
  ground: string;
  /** The pattern on the ground (dots, rays, waves). */
  pattern: string;
  /** The motif's main colour, then its second and third. */
  main: string;
  second: string;
  third: string;
  /** Small details drawn on top of the main colour (a highlight, a stripe). */
  detail: string;
}

const SPRING_GREEN = "#3d7a52";
const GOLD = "#b8862b";

export function cardColours(palette: CardPalette, theme: Theme): CardColours {
  const c = theme.colour;
  const paper = c.background;
  switch (palette) {
    case "rod":
      return { ground: c.primary, pattern: mix(c.primary, paper, 0.14), main: paper, second: mix(c.primary, paper, 0.62), third: "#f2c4a0", detail: c.primary };
    case "vinrod":
      return { ground: c.primaryDark, pattern: mix(c.primaryDark, paper, 0.12), main: mix(c.primary, paper, 0.8), second: mix(c.primary, paper, 0.35), third: "#e8c27a", detail: c.primaryDark };
    case "bla":
      return { ground: c.accent, pattern: mix(c.accent, paper, 0.14), main: paper, second: mix(c.accent, paper, 0.6), third: mix(c.primary, paper, 0.45), detail: c.accent };
    case "natt":
      return { ground: mix(c.accent, c.text, 0.45), pattern: mix(mix(c.accent, c.text, 0.45), paper, 0.1), main: mix(c.accent, paper, 0.88), second: "#e2bc62", third: mix(c.primary, paper, 0.3), detail: mix(c.accent, c.text, 0.45) };
    case "rosa":
      return { ground: mix(c.primary, paper, 0.88), pattern: mix(c.primary, paper, 0.8), main: c.primary, second: c.primaryDark, third: mix(c.accent, paper, 0.35), detail: mix(c.primary, paper, 0.88) };
    case "var":
      return { ground: mix(SPRING_GREEN, paper, 0.86), pattern: mix(SPRING_GREEN, paper, 0.78), main: SPRING_GREEN, second: c.primary, third: "#e9b949", detail: mix(SPRING_GREEN, paper, 0.86) };
    case "guld":
      return { ground: mix(GOLD, paper, 0.84), pattern: mix(GOLD, paper, 0.74), main: GOLD, second: c.primaryDark, third: c.accent, detail: mix(GOLD, paper, 0.84) };
  }
}

/** Five- or more-pointed star centred at `c`. */
function starPath(c: Point, outer: number, inner: number, points = 5, turn = 0): string {
  const steps = points * 2;
  const parts: string[] = [];
  for (let i = 0; i < steps; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = ((i * 360) / steps + turn) * (Math.PI / 180);
    parts.push(`${i === 0 ? "M" : "L"}${f(c[0] + r * Math.sin(a))} ${f(c[1] - r * Math.cos(a))}`);
  }
  return `${parts.join(" ")} Z`;
}

/** An egg standing on its broad end in the box (x, y, w, h); upside down it is a balloon. */
function eggPath(x: number, y: number, w: number, h: number, upsideDown = false): string {
  const p = (px: number, py: number) => `${f(x + w * px)} ${f(y + h * (upsideDown ? 1 - py : py))}`;
  return `M${p(0.5, 0)} C${p(0.82, 0)} ${p(1, 0.45)} ${p(1, 0.66)} C${p(1, 0.88)} ${p(0.78, 1)} ${p(0.5, 1)} C${p(0.22, 1)} ${p(0, 0.88)} ${p(0, 0.66)} C${p(0, 0.45)} ${p(0.18, 0)} ${p(0.5, 0)} Z`;
}

function line(points: Point[]): string {
  return points.map(([x, y], i) => `${i === 0 ? "M" : "L"}${f(x)} ${f(y)}`).join(" ");
}

type Draw = (k: CardColours) => ReactNode;

const MOTIFS: Record<CardMotif, Draw> = {
  hearts: (k) => (
    <>
      <Path d={heartPath(30, 36, 100, 92)} fill={k.main} />
      <Path d={heartPath(18, 20, 30, 28)} fill={k.second} />
      <Path d={heartPath(116, 18, 24, 22)} fill={k.third} />
      <Path d={heartPath(124, 112, 22, 20)} fill={k.second} />
      <Path d={heartPath(14, 116, 18, 16)} fill={k.third} />
      <Path d="M52 62 C56 54 64 52 70 56" fill="none" stroke={k.detail} strokeWidth={4} opacity={0.35} />
    </>
  ),
  "heart-balloon": (k) => (
    <>
      <Path d="M80 104 C76 120 88 128 82 140 C78 148 84 152 80 158" fill="none" stroke={k.second} strokeWidth={1.6} />
      <Path d="M118 78 C116 100 124 118 112 136" fill="none" stroke={k.second} strokeWidth={1.3} />
      <Path d={heartPath(36, 14, 88, 84)} fill={k.main} />
      <Path d="M74 98 L86 98 L80 106 Z" fill={k.main} />
      <Path d={heartPath(104, 44, 32, 30)} fill={k.third} />
      <Path d="M56 34 C60 28 68 27 72 31" fill="none" stroke={k.detail} strokeWidth={5} opacity={0.3} />
      <Circle cx={28} cy={120} r={3} fill={k.third} />
      <Circle cx={134} cy={20} r={2.5} fill={k.second} />
    </>
  ),
  heartbeat: (k) => (
    <>
      <Path d={heartPath(26, 30, 108, 100)} fill="none" stroke={k.main} strokeWidth={7} />
      <Path d={line([[4, 84], [44, 84], [54, 66], [66, 108], [80, 46], [92, 96], [100, 84], [156, 84]])} fill="none" stroke={k.second} strokeWidth={5} />
      <Circle cx={156} cy={84} r={4.5} fill={k.third} />
    </>
  ),
  balloons: (k) => (
    <>
      <Path d="M52 92 C48 112 60 124 70 150" fill="none" stroke={k.second} strokeWidth={1.3} />
      <Path d="M84 78 C82 104 74 126 72 150" fill="none" stroke={k.second} strokeWidth={1.3} />
      <Path d="M116 96 C116 118 92 130 74 150" fill="none" stroke={k.second} strokeWidth={1.3} />
      <Path d={eggPath(28, 40, 48, 54, true)} fill={k.third} />
      <Path d={eggPath(58, 14, 54, 62, true)} fill={k.main} />
      <Path d={eggPath(94, 44, 46, 52, true)} fill={k.second} />
      <Path d="M72 30 C74 24 80 22 84 24" fill="none" stroke={k.detail} strokeWidth={4} opacity={0.35} />
      <Path d="M81 76 L87 76 L84 80 Z" fill={k.main} />
    </>
  ),
  cake: (k) => (
    <>
      <Rect x={30} y={84} width={100} height={48} rx={6} fill={k.main} />
      <Rect x={42} y={58} width={76} height={30} rx={5} fill={k.second} />
      <Path d="M30 98 C40 106 48 94 58 102 C68 110 76 96 86 104 C96 112 104 98 114 106 C122 112 126 102 130 100 L130 92 L30 92 Z" fill={k.second} opacity={0.9} />
      <Rect x={22} y={130} width={116} height={6} rx={3} fill={k.third} />
      {[56, 80, 104].map((x) => (
        <Rect key={x} x={x - 3} y={36} width={6} height={22} rx={2} fill={k.third} />
      ))}
      {[56, 80, 104].map((x) => (
        <Path key={`flame-${x}`} d={`M${x} 20 C${x + 5} 27 ${x + 5} 33 ${x} 34 C${x - 5} 33 ${x - 5} 27 ${x} 20 Z`} fill={k.main} />
      ))}
      {[44, 62, 80, 98, 116].map((x) => (
        <Circle key={`dot-${x}`} cx={x} cy={118} r={3} fill={k.detail} opacity={0.5} />
      ))}
    </>
  ),
  flags: (k) => (
    <>
      <Path d="M2 30 C50 62 110 62 158 30" fill="none" stroke={k.main} strokeWidth={1.4} />
      <Path d="M2 86 C50 118 110 118 158 86" fill="none" stroke={k.main} strokeWidth={1.4} />
      {[14, 36, 58, 80, 102, 124, 146].map((x, i) => {
        const y = 30 + 32 * (1 - ((x - 80) / 78) ** 2) * 0.98;
        const colour = [k.main, k.second, k.third][i % 3];
        return <Path key={`a-${x}`} d={`M${x - 9} ${f(y - 1)} L${x + 9} ${f(y - 1)} L${x} ${f(y + 24)} Z`} fill={colour} />;
      })}
      {[25, 47, 69, 91, 113, 135].map((x, i) => {
        const y = 86 + 32 * (1 - ((x - 80) / 78) ** 2) * 0.98;
        const colour = [k.third, k.main, k.second][i % 3];
        return <Path key={`b-${x}`} d={`M${x - 9} ${f(y - 1)} L${x + 9} ${f(y - 1)} L${x} ${f(y + 24)} Z`} fill={colour} />;
      })}
      <Circle cx={30} cy={146} r={3} fill={k.second} />
      <Circle cx={120} cy={150} r={2.5} fill={k.third} />
      <Circle cx={78} cy={148} r={2} fill={k.main} />
    </>
  ),
  star: (k) => (
    <>
      {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => (
        <Path key={a} d={petal([80, 74], a, a % 90 === 0 ? 70 : 44, 5)} fill={k.second} opacity={0.55} />
      ))}
      <Path d={starPath([80, 74], 46, 19, 5)} fill={k.main} />
      <Path d={starPath([80, 74], 18, 8, 5)} fill={k.third} />
      <Path d={starPath([24, 26], 9, 3.5, 4)} fill={k.main} />
      <Path d={starPath([136, 132], 8, 3, 4)} fill={k.third} />
      <Path d={starPath([138, 24], 5, 2, 4)} fill={k.main} />
      <Circle cx={26} cy={134} r={2.5} fill={k.main} />
    </>
  ),
  tree: (k) => (
    <>
      <Rect x={73} y={128} width={14} height={18} fill={k.second} />
      <Path d="M80 36 L122 84 L102 84 L134 130 L26 130 L58 84 L38 84 Z" fill={k.main} />
      <Path d="M80 36 L104 64 L56 64 Z" fill={k.main} />
      <Path d="M52 96 C70 104 96 96 114 88" fill="none" stroke={k.third} strokeWidth={2} />
      <Path d="M44 120 C70 126 100 118 124 110" fill="none" stroke={k.third} strokeWidth={2} />
      <Path d={starPath([80, 28], 13, 5.5, 5)} fill={k.third} />
      {([[66, 78], [94, 92], [60, 110], [100, 122], [80, 104]] as Point[]).map(([x, y], i) => (
        <Circle key={`${x}-${y}`} cx={x} cy={y} r={4.5} fill={i % 2 === 0 ? k.second : k.third} />
      ))}
      <Circle cx={22} cy={40} r={2} fill={k.main} />
      <Circle cx={140} cy={54} r={2.5} fill={k.main} />
      <Circle cx={132} cy={22} r={1.8} fill={k.main} />
    </>
  ),
  bauble: (k) => (
    <>
      <Path d="M80 0 L80 36" fill="none" stroke={k.second} strokeWidth={1.4} />
      <Path d="M80 28 C72 28 72 38 80 38 C88 38 88 28 80 28" fill="none" stroke={k.third} strokeWidth={2} />
      <Rect x={70} y={38} width={20} height={12} rx={2} fill={k.third} />
      <Circle cx={80} cy={96} r={48} fill={k.main} />
      <Path d="M33 86 C55 96 105 96 127 86 L128 100 C105 110 55 110 32 100 Z" fill={k.second} />
      <Path d="M40 120 C60 128 100 128 120 120" fill="none" stroke={k.third} strokeWidth={3} />
      <Path d={starPath([80, 70], 9, 3.5, 5)} fill={k.third} />
      <Path d="M52 64 C58 56 66 52 74 51" fill="none" stroke={k.detail} strokeWidth={5} opacity={0.25} />
      <Path d="M134 0 L134 30" fill="none" stroke={k.second} strokeWidth={1} />
      <Circle cx={134} cy={40} r={10} fill={k.third} />
      <Path d="M26 0 L26 16" fill="none" stroke={k.second} strokeWidth={1} />
      <Circle cx={26} cy={23} r={7} fill={k.second} />
    </>
  ),
  snowflake: (k) => (
    <>
      {[0, 60, 120, 180, 240, 300].map((a) => {
        const r = (a * Math.PI) / 180;
        const at = (d: number, side = 0): Point => [80 + d * Math.sin(r) + side * Math.cos(r), 78 - d * Math.cos(r) + side * Math.sin(r)];
        return (
          <Path
            key={a}
            d={`${line([at(0), at(58)])} ${line([at(24), at(36, 12)])} ${line([at(24), at(36, -12)])} ${line([at(40), at(50, 9)])} ${line([at(40), at(50, -9)])}`}
            fill="none"
            stroke={k.main}
            strokeWidth={4.5}
          />
        );
      })}
      <Circle cx={80} cy={78} r={8} fill={k.third} />
      <Path d={starPath([24, 28], 8, 2, 6)} fill={k.second} />
      <Path d={starPath([136, 136], 9, 2.5, 6)} fill={k.second} />
      {([[140, 30], [22, 132], [44, 150], [150, 96]] as Point[]).map(([x, y]) => (
        <Circle key={`${x}-${y}`} cx={x} cy={y} r={2.5} fill={k.main} opacity={0.8} />
      ))}
    </>
  ),
  egg: (k) => (
    <>
      <Path d={eggPath(34, 22, 80, 110)} fill={k.main} />
      <Path d={`M36 70 ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `L${40 + i * 9.5} ${i % 2 === 0 ? 62 : 76}`).join(" ")} L112 70`} fill="none" stroke={k.third} strokeWidth={4} />
      <Path d="M36 100 C60 108 90 108 112 100" fill="none" stroke={k.second} strokeWidth={4} />
      {[48, 62, 76, 90, 104].map((x) => (
        <Circle key={x} cx={x} cy={86} r={3} fill={k.detail} />
      ))}
      <Path d={eggPath(106, 84, 36, 48)} fill={k.second} />
      <Path d="M108 110 C118 104 132 104 140 110" fill="none" stroke={k.third} strokeWidth={3} />
      <Path d={petal([30, 140], -60, 28, 6)} fill={k.main} opacity={0.7} />
      <Path d={petal([34, 140], -20, 24, 5)} fill={k.second} opacity={0.7} />
      <Rect x={14} y={138} width={136} height={4} rx={2} fill={k.second} opacity={0.5} />
    </>
  ),
  twigs: (k) => (
    <>
      <Path d="M80 118 C76 80 62 50 44 14 M80 118 C82 76 88 44 84 4 M80 118 C88 82 104 56 128 22 M80 118 C70 92 48 76 24 62 M80 118 C92 96 114 84 140 76" fill="none" stroke={k.second} strokeWidth={2} />
      {([[52, 30, -20, k.main], [86, 20, 10, k.third], [118, 36, 40, k.main], [32, 64, -60, k.third], [130, 78, 70, k.second], [66, 60, -30, k.second], [102, 58, 30, k.third]] as Array<[number, number, number, string]>).map(([x, y, a, colour]) => (
        <Path key={`${x}-${y}`} d={petal([x, y], a + 160, 26, 7, 1.5)} fill={colour} />
      ))}
      <Path d="M56 116 L104 116 L98 150 C96 154 64 154 62 150 Z" fill={k.main} />
      <Path d="M58 126 L102 126" fill="none" stroke={k.detail} strokeWidth={3} opacity={0.6} />
    </>
  ),
  daffodils: (k) => {
    const flower = (c: Point, r: number, key: string) => (
      <>
        {[0, 60, 120, 180, 240, 300].map((a) => (
          <Path key={`${key}-${a}`} d={petal(c, a, r, r * 0.42)} fill={k.third} />
        ))}
        <Circle cx={c[0]} cy={c[1]} r={r * 0.42} fill={k.second} />
        <Circle cx={c[0]} cy={c[1]} r={r * 0.2} fill={k.third} />
      </>
    );
    return (
      <>
        <Path d="M80 156 C80 120 78 80 80 56 M80 156 C74 120 58 96 44 80 M80 156 C90 120 106 100 118 88" fill="none" stroke={k.main} strokeWidth={3} />
        <Path d={petal([78, 156], -14, 70, 7)} fill={k.main} />
        <Path d={petal([82, 156], 20, 62, 6)} fill={k.main} />
        {flower([80, 46], 24, "a")}
        {flower([42, 74], 19, "b")}
        {flower([120, 82], 18, "c")}
      </>
    );
  },
  bouquet: (k) => {
    const tulip = (x: number, y: number, colour: string) => (
      <Path d={`M${x - 12} ${y - 14} L${x - 6} ${y - 6} L${x} ${y - 16} L${x + 6} ${y - 6} L${x + 12} ${y - 14} C${x + 14} ${y + 4} ${x + 8} ${y + 12} ${x} ${y + 12} C${x - 8} ${y + 12} ${x - 14} ${y + 4} ${x - 12} ${y - 14} Z`} fill={colour} />
    );
    return (
      <>
        <Path d="M80 130 C74 100 56 70 46 50 M80 130 C80 96 80 60 80 34 M80 130 C86 100 104 70 114 50 M80 130 C70 104 42 90 28 84 M80 130 C90 104 118 90 132 84" fill="none" stroke={k.main} strokeWidth={2.4} />
        <Path d={petal([78, 124], -38, 50, 8)} fill={k.main} opacity={0.85} />
        <Path d={petal([82, 124], 38, 50, 8)} fill={k.main} opacity={0.85} />
        {tulip(46, 46, k.second)}
        {tulip(80, 30, k.third)}
        {tulip(114, 46, k.second)}
        {tulip(28, 80, k.third)}
        {tulip(132, 80, k.third)}
        <Path d="M66 116 L94 116 L102 156 L58 156 Z" fill={k.main} />
        <Path d="M80 122 C70 112 62 120 70 126 C74 128 78 124 80 122 C82 124 86 128 90 126 C98 120 90 112 80 122 Z" fill={k.second} />
      </>
    );
  },
  "lily-of-the-valley": (k) => (
    <>
      <Path d={petal([84, 154], -22, 120, 24, 4)} fill={k.main} opacity={0.9} />
      <Path d={petal([88, 154], 18, 108, 20, -3)} fill={k.main} opacity={0.65} />
      <Path d="M70 154 C64 110 74 60 110 30" fill="none" stroke={k.main} strokeWidth={2.6} />
      {([[104, 36], [94, 48], [86, 62], [78, 78], [73, 96], [70, 114]] as Point[]).map(([x, y], i) => {
        const r = 9 - i * 0.6;
        const bx = x + 14 + i * 1.5;
        const by = y + 10;
        return (
          <Path
            key={`${x}-${y}`}
            d={`M${x} ${y} Q${bx - 4} ${y} ${bx} ${by - r} M${bx - r} ${by} C${bx - r} ${by - r * 1.6} ${bx + r} ${by - r * 1.6} ${bx + r} ${by} L${bx + r * 0.6} ${by - 1.5} L${bx + r * 0.2} ${by + 1} L${bx - r * 0.2} ${by - 1.5} L${bx - r * 0.6} ${by + 1} Z`}
            fill={k.detail === k.ground ? "#ffffff" : k.detail}
            stroke={k.second}
            strokeWidth={1.2}
          />
        );
      })}
      <Circle cx={30} cy={34} r={3} fill={k.third} />
      <Circle cx={136} cy={120} r={2.5} fill={k.third} />
    </>
  ),
  tie: (k) => (
    <>
      <Path d="M36 10 L80 30 L124 10 L128 30 L80 44 L32 30 Z" fill={k.second} />
      <Path d="M70 36 L90 36 L94 52 L66 52 Z" fill={k.main} />
      <Path d="M67 52 L93 52 L106 124 L80 154 L54 124 Z" fill={k.main} />
      {[66, 82, 98, 114, 130].map((y, i) => (
        <Path key={y} d={`M${58 + i * 0.3} ${y + 8} L${102 - i * 0.3} ${y - 8}`} fill="none" stroke={k.third} strokeWidth={4} opacity={0.9} />
      ))}
      <Circle cx={28} cy={120} r={6} fill={k.third} opacity={0.7} />
      <Circle cx={134} cy={96} r={4} fill={k.second} />
    </>
  ),
  sailboat: (k) => (
    <>
      <Circle cx={126} cy={30} r={14} fill={k.third} />
      <Path d="M82 14 L82 108 L130 108 Z" fill={k.main} />
      <Path d="M76 30 L76 108 L34 108 Z" fill={k.second} />
      <Path d="M24 114 L136 114 L122 132 L38 132 Z" fill={k.main} />
      <Path d="M82 8 L96 12 L82 16 Z" fill={k.third} />
      <Path d="M0 142 C20 134 40 150 60 142 C80 134 100 150 120 142 C136 136 150 144 160 142" fill="none" stroke={k.second} strokeWidth={3} />
      <Path d="M10 154 C30 146 50 160 70 154 C90 146 110 160 130 154 C142 150 152 154 160 154" fill="none" stroke={k.main} strokeWidth={2} opacity={0.6} />
    </>
  ),
  coffee: (k) => (
    <>
      <Path d="M58 14 C50 24 66 32 58 44 M80 8 C72 20 90 28 80 42 M102 14 C94 24 110 32 102 44" fill="none" stroke={k.second} strokeWidth={3} />
      <Path d={heartPath(68, 28, 24, 22)} fill={k.third} />
      <Path d="M36 60 L124 60 L118 120 C116 130 108 136 98 136 L62 136 C52 136 44 130 42 120 Z" fill={k.main} />
      <Path d="M122 72 C142 70 146 102 118 106" fill="none" stroke={k.main} strokeWidth={7} />
      <Path d="M14 140 C40 152 120 152 146 140 L140 134 L20 134 Z" fill={k.second} />
      <Path d="M42 76 L120 76" fill="none" stroke={k.detail} strokeWidth={4} opacity={0.5} />
      <Path d={heartPath(70, 90, 20, 18)} fill={k.detail} opacity={0.6} />
    </>
  ),
  sun: (k) => (
    <>
      {Array.from({ length: 12 }, (_, i) => i * 30).map((a) => (
        <Path key={a} d={petal([80, 70], a, a % 60 === 0 ? 66 : 56, 7)} fill={k.third} />
      ))}
      <Circle cx={80} cy={70} r={36} fill={k.main} />
      <Circle cx={80} cy={70} r={26} fill={k.third} opacity={0.55} />
      <Path d="M14 138 C14 126 26 118 38 122 C44 110 64 110 68 124 C80 122 86 132 82 140 Z" fill={k.second} />
      <Path d="M96 150 C96 142 104 136 112 140 C116 132 130 132 132 142 C142 140 148 148 144 154 Z" fill={k.second} opacity={0.75} />
    </>
  ),
  "lung-tree": (k) => (
    <>
      <Path d="M24 64 C20 34 44 16 66 26 C74 30 76 40 76 52 L76 118 C62 134 30 132 22 112 C16 96 22 80 24 64 Z" fill={k.main} />
      <Path d="M136 64 C140 34 116 16 94 26 C86 30 84 40 84 52 L84 118 C98 134 130 132 138 112 C144 96 138 80 136 64 Z" fill={k.main} />
      <Path
        d="M80 156 L80 40 M80 84 C70 76 60 72 44 72 M80 84 C90 76 100 72 116 72 M80 104 C68 98 56 100 42 104 M80 104 C92 98 104 100 118 104 M62 74 C56 62 54 52 56 42 M98 74 C104 62 106 52 104 42"
        fill="none"
        stroke={k.second}
        strokeWidth={4}
      />
      {([[44, 72], [116, 72], [42, 104], [118, 104], [56, 42], [104, 42]] as Point[]).map(([x, y]) => (
        <Circle key={`${x}-${y}`} cx={x} cy={y} r={5} fill={k.third} />
      ))}
      <Path d={petal([80, 156], -50, 30, 7)} fill={k.main} opacity={0.8} />
      <Path d={petal([80, 156], 50, 30, 7)} fill={k.main} opacity={0.8} />
    </>
  ),
};

/** The pattern behind the motif: 1 a halo, 2 dots, 3 rays, 4 waves. */
function Pattern({ variant, colours, width, height }: { variant: CardDesign["variant"]; colours: CardColours; width: number; height: number }) {
  const k = colours;
  switch (variant) {
    case 1:
      return (
        <>
          <Circle cx={width / 2} cy={height * 0.46} r={width * 0.44} fill={k.pattern} />
          <Circle cx={width / 2} cy={height * 0.46} r={width * 0.3} fill={k.ground} opacity={0.35} />
        </>
      );
    case 2: {
      const dots: Point[] = [];
      for (let y = 10; y < height; y += 22) for (let x = (y / 22) % 2 === 0 ? 10 : 21; x < width; x += 22) dots.push([x, y]);
      return (
        <>
          {dots.map(([x, y]) => (
            <Circle key={`${x}-${y}`} cx={x} cy={y} r={2.6} fill={k.pattern} />
          ))}
        </>
      );
    }
    case 3:
      return (
        <>
          {Array.from({ length: 16 }, (_, i) => i * 22.5).map((a) => (
            <Path key={a} d={petal([width / 2, height * 0.46], a, Math.max(width, height), 16)} fill={k.pattern} opacity={0.8} />
          ))}
        </>
      );
    case 4:
      return (
        <>
          <Path d={`M0 ${height * 0.72} C${width * 0.3} ${height * 0.64} ${width * 0.6} ${height * 0.82} ${width} ${height * 0.7} L${width} ${height} L0 ${height} Z`} fill={k.pattern} />
          <Path d={`M0 ${height * 0.84} C${width * 0.35} ${height * 0.78} ${width * 0.65} ${height * 0.94} ${width} ${height * 0.84} L${width} ${height} L0 ${height} Z`} fill={k.pattern} opacity={0.9} />
          <Circle cx={width * 0.82} cy={height * 0.12} r={width * 0.16} fill={k.pattern} />
        </>
      );
  }
}

/**
 * The card's art panel: the ground in the palette's colour, the variant's
 * pattern, and the motif centred on it (variants 2 and 4 sit it a little
 * higher, leaving the pattern room below). The primitives have no groups or
 * transforms, so the motif is its own Svg laid over the ground, its viewBox
 * the 160-unit canvas it is drawn on. The panel depends on nothing but the
 * design, the palette's colours and its size, which its cacheKey names.
 */
export function CardArt({ design, theme, width, height }: { design: CardDesign; theme: Theme; width: number; height: number }) {
  const colours = cardColours(design.palette, theme);
  const art = Math.min(width * 0.86, height * 0.7);
  const x = (width - art) / 2;
  const y = design.variant === 2 || design.variant === 4 ? height * 0.12 : (height - art) / 2;
  const draw = MOTIFS[design.motif];
  // The panel is the same picture whenever these are the same, so an image renders it once (see Box's cacheKey).
  const cacheKey = `card-art:${design.motif}/${design.palette}/${design.variant}:${width}x${height}:${Object.values(colours).join(",")}`;
  return (
    <Box cacheKey={cacheKey} style={{ position: "relative", width, height, flexShrink: 0, backgroundColor: colours.ground }}>
      <Svg width={width} height={height} viewBox={`0 0 ${f(width)} ${f(height)}`} style={{ position: "absolute", top: 0, left: 0 }}>
        <Pattern variant={design.variant} colours={colours} width={width} height={height} />
      </Svg>
      <Svg width={f(art)} height={f(art)} viewBox={`0 0 ${ART_SIZE} ${ART_SIZE}`} style={{ position: "absolute", left: f(x), top: f(y) }}>
        {draw(colours)}
      </Svg>
    </Box>
  );
}
