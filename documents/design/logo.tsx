import { Box, Path, Svg, Text } from "../primitives";
import type { Theme } from "./theme";

/**
 * The charity's mark as vector art: a heart with a heartbeat running through
 * it that ends in a breath (Hjärtslag & Andetag). Drawn on a 48-unit square.
 */
export const HEART_PATH = "M24 43C10.5 33.5 3 25.5 3 16.5 3 9.8 8 5 14.2 5c4.2 0 7.6 2.3 9.8 5.8C26.2 7.3 29.6 5 33.8 5 40 5 45 9.8 45 16.5 45 25.5 37.5 33.5 24 43Z";
export const PULSE_PATH = "M5.5 22.5h9.5l3-5.5 4.5 12 4.2-16 3.3 9.5h12.5";

export function Mark({ size, theme, knockout = false }: { size: number; theme: Theme; knockout?: boolean }) {
  return (
    <Svg width={size} height={size} viewBox="0 0 48 48">
      <Path d={HEART_PATH} fill={knockout ? theme.colour.background : theme.colour.primary} />
      <Path d={PULSE_PATH} fill="none" stroke={knockout ? theme.colour.primary : theme.colour.background} strokeWidth={2.6} />
    </Svg>
  );
}

/** Mark and name side by side, as at the top of a letter. */
export function Letterhead({ name, theme, size = 38 }: { name: string; theme: Theme; size?: number }) {
  return (
    <Box style={{ flexDirection: "row", alignItems: "center", gap: size * 0.3 }}>
      <Mark size={size} theme={theme} />
      <Text style={{ fontFamily: theme.font.serif, fontWeight: 600, fontSize: size * 0.4, color: theme.colour.primaryDark, maxWidth: 240 }}>{name}</Text>
    </Box>
  );
}
