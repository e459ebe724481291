import { data } from "react-router";

/** Every address no other route claims: the not-found page with HTTP 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
