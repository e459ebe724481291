import { addDays, easterSunday, type IsoDate } from "../calendar/swedish-calendar";

/** The days seasonal cards are sold around, each on its Swedish date in a given year. */
export const FEASTS = ["valentines", "easter", "mothers_day", "fathers_day", "christmas"] as const;
export type Feast = (typeof FEASTS)[number];

/** A season: from `from` days before the feast to `to` days after it, every year. */
export interface Season {
  feast: Feast;
  from: number;
  to: number;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** The Sunday that is the `nth` of its month (negative: counted from the month's end). */
function nthSunday(year: number, month: number, nth: number): IsoDate {
  if (nth > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    const day = 1 + ((7 - first) % 7) + (nth - 1) * 7;
    return `${year}-${pad(month)}-${pad(day)}`;
  }
  const lastDay = new Date(Date.UTC(year, month, 0));
  const day = lastDay.getUTCDate() - lastDay.getUTCDay() + (nth + 1) * 7;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The feast's date in Sweden in `year`: mors dag is the last Sunday in May, fars dag the second Sunday in November. */
export function feastDate(feast: Feast, year: number): IsoDate {
  switch (feast) {
    case "valentines":
      return `${year}-02-14`;
    case "easter":
      return easterSunday(year);
    case "mothers_day":
      return nthSunday(year, 5, -1);
    case "fathers_day":
      return nthSunday(year, 11, 2);
    case "christmas":
      return `${year}-12-24`;
  }
}

/** The season's window around the feast in `year`, both ends included. */
export function seasonWindow(season: Season, year: number): { from: IsoDate; to: IsoDate; feast: IsoDate } {
  const feast = feastDate(season.feast, year);
  return { from: addDays(feast, -season.from), to: addDays(feast, season.to), feast };
}

/** The window `today` falls in, if any (a window may start in the year before its feast). */
export function activeSeasonWindow(season: Season, today: IsoDate): { from: IsoDate; to: IsoDate; feast: IsoDate } | null {
  const year = Number(today.slice(0, 4));
  for (const y of [year, year + 1, year - 1]) {
    const window = seasonWindow(season, y);
    if (window.from <= today && today <= window.to) return window;
  }
  return null;
}
