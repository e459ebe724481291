import type { MemorialRow } from "#core/memorial/give-memorial-gift";
import { fullName, type DeceasedPerson } from "#core/memorial/memorial-records";
import { MEMORIAL_SHEET_DESIGNS, type MemorialSheetDesign } from "#core/memorial/sheet-designs";
import { formatSek } from "#core/site/format";
import { SheetDesignIcon } from "./sheet-design-icon";

const dateFormat = new Intl.DateTimeFormat("sv-SE", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
export const formatDay = (iso: string) => dateFormat.format(new Date(`${iso}T00:00:00Z`));

/** What a memorial collection's pages say of the person, as the death notice did. */
export type CollectionPerson = Pick<MemorialRow, "name" | "birth_year" | "date_of_death" | "home_town" | "funeral_date" | "funeral_parlour_name">;

export function personFacts(memorial: CollectionPerson): CollectionPerson {
  const { name, birth_year, date_of_death, home_town, funeral_date, funeral_parlour_name } = memorial;
  return { name, birth_year, date_of_death, home_town, funeral_date, funeral_parlour_name };
}

/** The page's heading: the design's small illustration, "Till minne av", the name and the dates. */
export function CollectionHeading({ person, design, headingId }: { person: CollectionPerson; design: string; headingId?: string }) {
  const art: MemorialSheetDesign = (MEMORIAL_SHEET_DESIGNS as readonly string[]).includes(design) ? (design as MemorialSheetDesign) : "ljus";
  return (
    <header className="collection-heading">
      <span className="collection-heading__art" aria-hidden="true">
        <SheetDesignIcon design={art} />
      </span>
      <p className="collection-heading__kicker">Till minne av</p>
      <h1 id={headingId}>{person.name}</h1>
      <p className="collection-heading__dates">
        {person.birth_year ? `${person.birth_year} – ` : ""}
        {formatDay(person.date_of_death)}, {person.home_town}
      </p>
      {person.funeral_date && (
        <p className="collection-heading__funeral">
          Begravning {formatDay(person.funeral_date)}
          {person.funeral_parlour_name ? ` genom ${person.funeral_parlour_name}` : ""}
        </p>
      )}
    </header>
  );
}

/** A person in a search's result list, as a death notice shows them (the memorial gift page and the collection's start page). */
export function DeceasedChoiceBody({ person }: { person: DeceasedPerson }) {
  return (
    <span className="result-choice__body">
      <span className="result-choice__title">{fullName(person)}</span>
      <span>
        {person.age} år (född {person.birthYear}), {person.homeTown}
      </span>
      <span>Död {formatDay(person.dateOfDeath)}</span>
      {person.funeralDate && (
        <span>
          Begravning {formatDay(person.funeralDate)}
          {person.funeralParlour ? `, ${person.funeralParlour.name}` : ""}
        </span>
      )}
    </span>
  );
}

/** One greeting: the giver's words, their name, and the amount only when it may be shown. */
export function GreetingText({ greeting, name, amountOre }: { greeting: string; name: string; amountOre: number | null }) {
  return (
    <>
      {greeting && <p className="collection-greetings__text">{greeting}</p>}
      <p className="collection-greetings__name">
        {name}
        {amountOre !== null && <span className="collection-greetings__amount"> · {formatSek(amountOre)}</span>}
      </p>
    </>
  );
}
