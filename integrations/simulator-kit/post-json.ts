import { httpRequest } from "../http/http-request";

/**
 * How simulators deliver callbacks and webhooks, like the real providers: a
 * JSON POST that counts as delivered only on a 2xx answer.
 */
export async function postJsonCallback(url: string, body: unknown): Promise<void> {
  const res = await httpRequest({
    method: "POST",
    url,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    timeoutMs: 10_000,
  });
  if (res.status < 200 || res.status >= 300) throw new Error(`Callback answered ${res.status}`);
}
