import type { KeyboardEvent } from "react";
import { FieldError, type Field } from "../components/form/field";
import { groupProps } from "../components/gift/gift-fields";
import type { CardGroup } from "#core/cards/card-catalogue";
import "./card-picker.css";

/** What the picker shows of a card: what a loader hands the page (serialisable, no design data). */
export interface PickerCard {
  code: string;
  title: string;
  greeting: string;
}

export interface PickerGroup {
  occasion: string;
  label: string;
  description: string;
  inSeason: boolean;
  cards: PickerCard[];
}

/** The catalogue's groups on sale today (the season's first, core/cards/card-catalogue.ts), as the picker needs them. */
export function pickerGroups(groups: readonly CardGroup[]): PickerGroup[] {
  return groups.map((group) => ({
    occasion: group.occasion,
    label: group.label,
    description: group.description,
    inSeason: group.inSeason,
    cards: group.cards.map((card) => ({ code: card.code, title: card.title, greeting: card.greeting })),
  }));
}

/**
 * The card picker of the greeting card and the gift card: the catalogue's
 * cards grouped by occasion, one disclosure per group (the first open, and the
 * one holding the chosen card), each card a radio button with its picture and
 * title. Plain radio buttons, so it works without JavaScript; the picture is
 * the card's thumbnail (`/ge-en-gava/gratulationskort/kort/{CODE}.png`).
 *
 * All cards are one radio group (one name, so the form sends one card without
 * JavaScript too), and a browser's Tab enters a radio group only at its checked
 * button: a donor who opened another occasion with Enter would Tab straight
 * past its cards. So Tab from an open group's heading goes to that group's
 * first card when the chosen card is elsewhere (`intoOpenGroup`).
 */
export function CardPicker({ field, groups, initialCode, legend = "Kort" }: { field: Field; groups: readonly PickerGroup[]; initialCode: string; legend?: string }) {
  return (
    <fieldset {...groupProps(field, "card-picker")} onKeyDown={intoOpenGroup}>
      <legend className="visually-hidden">{legend}</legend>
      <FieldError field={field} />
      {groups.map((group, i) => (
        <details key={group.occasion} className="card-group" open={i === 0 || group.cards.some((c) => c.code === initialCode)}>
          <summary>
            <span className="card-group__label">{group.label}</span>
            {group.inSeason ? <span className="card-group__season">Just nu</span> : null}
            <span className="card-group__count">{group.cards.length} kort</span>
          </summary>
          <p className="field__hint">{group.description}</p>
          <div className="card-choices">
            {group.cards.map((c) => (
              <label className="card-choice" key={c.code}>
                <input type="radio" name={field.name} value={c.code} defaultChecked={initialCode === c.code} />
                <img src={`/ge-en-gava/gratulationskort/kort/${c.code}.png`} alt="" width={360} height={255} loading={i === 0 ? "eager" : "lazy"} decoding="async" />
                <span className="card-choice__title">{c.title}</span>
              </label>
            ))}
          </div>
        </details>
      ))}
    </fieldset>
  );
}

/** Tab from an open group's heading to its first card, when the group's cards would otherwise be skipped. */
function intoOpenGroup(event: KeyboardEvent<HTMLFieldSetElement>) {
  if (event.key !== "Tab" || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
  const summary = event.target as HTMLElement;
  const group = summary.parentElement;
  if (summary.tagName !== "SUMMARY" || !(group instanceof HTMLDetailsElement) || !group.open) return;
  const cards = [...group.querySelectorAll<HTMLInputElement>("input[type=radio]")];
  if (cards.length === 0 || cards.some((card) => card.checked)) return;
  const chosenElsewhere = event.currentTarget.querySelector<HTMLInputElement>("input[type=radio]:checked");
  if (!chosenElsewhere) return;
  event.preventDefault();
  cards[0]!.focus();
}
