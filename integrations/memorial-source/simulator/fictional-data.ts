import { dateOfDayNumber } from "#core/calendar/swedish-calendar";
import type { DeceasedPerson, FuneralParlour } from "#core/memorial/memorial-records";
import municipalitiesFile from "./municipalities.json";
import { MEN, PARLOUR_FAMILY_NAMES, STREETS, SURNAMES, WOMEN } from "./names";
import { seededRandom } from "#core/seeded-random";

/**
 * The simulator's fictional death notices and funeral parlours, generated
 * deterministically from a seed (never Math.random): the same seed gives the
 * same people on the same dates on every machine, so tests and screenshots
 * can rely on them. Deaths are generated per calendar day, each day from its
 * own seed, so moving the clock adds new days and drops old ones without
 * changing anybody already there.
 */

export interface Municipality {
  name: string;
  county: string;
  /** The range of the first two digits of postal codes in the county. */
  postalPrefixes: number[];
  /** The main town when it is not named like the municipality (Gotland → Visby). */
  town?: string;
  /** Rough relative size; deaths and parlours are spread by it (default 1). */
  weight?: number;
}

/** Sweden's 290 municipalities (kommuner), by county. */
export const MUNICIPALITIES: readonly Municipality[] = municipalitiesFile;

export const DEFAULT_SEED = 20_261_123;
/** Deaths per day vary between these (inclusive); about 24 a day, ~2,100 in 90 days. */
const DEATHS_PER_DAY = [20, 28] as const;


/** FNV-1a over the parts' text: a seed per (seed, day) or an id per record. */
export function hash32(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join("|")) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function weightedPicker(random: () => number, items: readonly Municipality[]): () => Municipality {
  const cumulative: number[] = [];
  let total = 0;
  for (const item of items) {
    total += item.weight ?? 1;
    cumulative.push(total);
  }
  return () => {
    const target = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return items[lo]!;
  };
}

export function townOf(municipality: Municipality): string {
  return municipality.town ?? municipality.name;
}

/**
 * Telephone numbers from the series the Swedish Post and Telecom Authority
 * (PTS) keeps for use in fiction, so no generated number reaches a real
 * subscriber: 08-46 500 400–499, 031-390 06 00–99, 040-628 04 00–99,
 * 0980-319 200–299 and 070-174 06 05–99.
 */
export function fictionalPhoneNumbers(): string[] {
  const numbers: string[] = [];
  const two = (n: number) => String(n).padStart(2, "0");
  for (let n = 0; n < 100; n++) numbers.push(`08-465 004 ${two(n)}`);
  for (let n = 0; n < 100; n++) numbers.push(`031-390 06 ${two(n)}`);
  for (let n = 0; n < 100; n++) numbers.push(`040-628 04 ${two(n)}`);
  for (let n = 0; n < 100; n++) numbers.push(`0980-319 2${two(n)}`);
  for (let n = 5; n < 100; n++) numbers.push(`070-174 06 ${two(n)}`);
  return numbers;
}

function genitive(town: string): string {
  return /[sxz]$/i.test(town) ? town : `${town}s`;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/&/g, "och")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function postalCode(random: () => number, municipality: Municipality): string {
  const [lo, hi] = municipality.postalPrefixes as [number, number];
  const prefix = lo + Math.floor(random() * (hi - lo + 1));
  const rest = 100 + Math.floor(random() * 900);
  return `${prefix}${String(rest)[0]} ${String(rest).slice(1)}`;
}

export interface GeneratedParlour extends FuneralParlour {
  municipality: string;
  county: string;
}

/**
 * At least one parlour in every municipality, more in the larger ones
 * (about 450 in all): "Fonus Umeå", "Ängelholms Begravningsbyrå",
 * "Begravningsbyrån i Visby", "Lindqvists Begravningsbyrå". E-mail at
 * exempel.se (reserved for examples), telephone numbers from PTS's fiction series.
 */
export function generateParlours(seed = DEFAULT_SEED): GeneratedParlour[] {
  const random = seededRandom(hash32(seed, "parlours"));
  const phones = fictionalPhoneNumbers();
  const names = new Set<string>();
  const parlours: GeneratedParlour[] = [];
  for (const municipality of MUNICIPALITIES) {
    const town = townOf(municipality);
    const extra = Math.max(0, Math.round(((municipality.weight ?? 1) - 1) * 2)) + (random() < 0.25 ? 1 : 0);
    const patterns = [
      () => `Fonus ${town}`,
      () => `${genitive(town)} Begravningsbyrå`,
      () => `Begravningsbyrån i ${town}`,
      () => `${pick(random, PARLOUR_FAMILY_NAMES)}s Begravningsbyrå`,
      () => `${town} Begravningstjänst`,
      () => `${pick(random, PARLOUR_FAMILY_NAMES)} & Söner Begravningsbyrå ${town}`,
      () => `Minnesbyrån ${town}`,
    ];
    for (let i = 0; i <= extra && parlours.length < phones.length; i++) {
      let name = "";
      for (let attempt = 0; attempt < 20 && (!name || names.has(name)); attempt++) {
        name = (i === 0 ? pick(random, patterns.slice(0, 4)) : pick(random, patterns))();
      }
      if (names.has(name)) name = `${name} ${town} ${i + 1}`;
      names.add(name);
      const street = `${pick(random, STREETS)} ${1 + Math.floor(random() * 60)}`;
      parlours.push({
        id: `P${hash32(seed, "parlour", parlours.length).toString(36).padStart(7, "0")}`,
        name,
        town,
        postalAddress: { street, postalCode: postalCode(random, municipality), city: town },
        email: `${slug(name)}@exempel.se`,
        phone: phones[parlours.length]!,
        municipality: municipality.name,
        county: municipality.county,
      });
    }
  }
  return parlours;
}

/** A death as generated, before "now" decides whether its funeral is announced yet. */
export interface GeneratedDeath {
  person: DeceasedPerson;
  /** The day number from which the funeral date and parlour are in the notice. */
  funeralAnnouncedFromDay: number | null;
}

const DAY_MS = 86_400_000;

function normal(random: () => number, mean: number, sd: number): number {
  const u = Math.max(random(), 1e-9);
  const v = random();
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function age(random: () => number): number {
  if (random() < 0.07) return 40 + Math.floor(random() * 30);
  return Math.min(101, Math.max(55, Math.round(normal(random, 83, 8))));
}

function givenNames(random: () => number): string {
  const names = random() < 0.5 ? WOMEN : MEN;
  const first = pick(random, names);
  if (random() < 0.75 || first.includes("-")) return first;
  let second = pick(random, names);
  while (second === first || second.includes("-")) second = pick(random, names);
  return `${first} ${second}`;
}

/** Moves a funeral off a weekend, staying between 7 and 28 days after the death. */
function funeralDelayDays(random: () => number, deathDay: number): number {
  const delay = 7 + Math.floor(random() * 22);
  const weekday = new Date((deathDay + delay) * DAY_MS).getUTCDay();
  if (weekday === 6) return delay > 7 ? delay - 1 : delay + 2; // Saturday → Friday (or Monday)
  if (weekday === 0) return delay < 28 ? delay + 1 : delay - 2; // Sunday → Monday (or Friday)
  return delay;
}

/**
 * The people who died on one day (a day number since 1970-01-01), from that
 * day's own seed. About 80 % have a parlour (in their municipality, else in
 * their county); the funeral is 1–4 weeks after the death and appears in the
 * notice 1–12 days after it (for a few, never).
 */
export function deathsOnDay(day: number, parlours: readonly GeneratedParlour[], seed = DEFAULT_SEED): GeneratedDeath[] {
  const random = seededRandom(hash32(seed, "day", day));
  const pickMunicipality = weightedPicker(random, MUNICIPALITIES);
  const byMunicipality = new Map<string, GeneratedParlour[]>();
  const byCounty = new Map<string, GeneratedParlour[]>();
  for (const parlour of parlours) {
    byMunicipality.set(parlour.municipality, [...(byMunicipality.get(parlour.municipality) ?? []), parlour]);
    byCounty.set(parlour.county, [...(byCounty.get(parlour.county) ?? []), parlour]);
  }
  const count = DEATHS_PER_DAY[0] + Math.floor(random() * (DEATHS_PER_DAY[1] - DEATHS_PER_DAY[0] + 1));
  const dateOfDeath = dateOfDayNumber(day);
  const deathYear = Number(dateOfDeath.slice(0, 4));
  const deaths: GeneratedDeath[] = [];
  for (let i = 0; i < count; i++) {
    const municipality = pickMunicipality();
    const years = age(random);
    // Whether the birthday had come that year decides the birth year.
    const birthYear = deathYear - years - (random() < 0.5 ? 1 : 0);
    const delay = funeralDelayDays(random, day);
    const local = byMunicipality.get(municipality.name) ?? [];
    const candidates = local.length > 0 && random() < 0.85 ? local : (byCounty.get(municipality.county) ?? local);
    const parlour = random() < 0.8 && candidates.length > 0 ? pick(random, candidates) : null;
    const announcedAfter = random() < 0.05 ? null : 1 + Math.floor(random() * 12);
    const { municipality: _m, county: _c, ...publicParlour } = parlour ?? ({} as GeneratedParlour);
    deaths.push({
      person: {
        id: `D${hash32(seed, "person", day, i).toString(36).padStart(7, "0")}${hash32("id", day, i, seed).toString(36).slice(0, 3)}`,
        givenNames: givenNames(random),
        surname: pick(random, SURNAMES),
        birthYear,
        age: years,
        dateOfDeath,
        homeTown: townOf(municipality),
        funeralDate: dateOfDayNumber(day + delay),
        funeralParlour: parlour ? (publicParlour as FuneralParlour) : null,
      },
      funeralAnnouncedFromDay: announcedAfter === null ? null : day + announcedAfter,
    });
  }
  return deaths;
}
