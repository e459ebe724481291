import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/** Shared by tests/e2e/memorial-gift.spec.ts and payment-start-limits.spec.ts. */
export interface Person {
  id: string;
  givenNames: string;
  surname: string;
  birthYear: number;
  age: number;
  homeTown: string;
  funeralDate: string | null;
  funeralParlour: { id: string; name: string } | null;
}

/**
 * Someone from the memorial source simulator's deterministic data (fictional
 * deaths of the last 90 days, generated from a seed and the clock), found the
 * way the page finds them: through the search API. With `parlour`, someone
 * whose funeral at a parlour is still to come.
 */
export async function someone(request: APIRequestContext, options: { parlour?: boolean } = {}): Promise<Person> {
  const today = new Date().toISOString().slice(0, 10);
  for (const surname of ["andersson", "johansson", "karlsson", "nilsson", "eriksson"]) {
    const response = await request.get(`/api/DeceasedPeople/Search?name=${surname}&pageSize=20`);
    expect(response.status()).toBe(200);
    const { items } = (await response.json()) as { items: Person[] };
    const found = items.find((p) => !options.parlour || (p.funeralParlour !== null && p.funeralDate !== null && p.funeralDate > today));
    if (found) return found;
  }
  throw new Error("no suitable person in the simulator's data");
}

export const fullName = (p: Person) => `${p.givenNames} ${p.surname}`;

/** The person's radio in the result list: the name, then what a death notice shows (age, birth year, town). */
export function personChoice(page: Page, person: Person): Locator {
  return page
    .locator(".result-choice", { hasText: fullName(person) })
    .filter({ hasText: `${person.age} år (född ${person.birthYear}), ${person.homeTown}` })
    .first()
    .getByRole("radio");
}
