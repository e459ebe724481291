import { Link } from "react-router";

/** A fundraiser's or a team's manage page when its link is not valid, or has expired: what to do next. */
export function ManageLinkProblem({ state }: { state: "invalid" | "expired" }) {
  return (
    <article className="page page--narrow">
      <h1>{state === "expired" ? "Länken har gått ut" : "Länken fungerar inte"}</h1>
      <p className="lead">
        {state === "expired" ? "Länken gäller inte längre. Ring eller mejla oss, så skickar vi en ny." : "Länken är inte giltig. Kontrollera att hela länken från mejlet kom med."}
      </p>
      <p>
        <Link to="/kontakt">Kontakta oss</Link>
      </p>
    </article>
  );
}
