import { z } from "zod";
import type { Clock } from "#core/clock";
import { silentLogger, type Logger } from "#core/logger";
import { httpRequest, parseJsonBody } from "../http/http-request";

/**
 * Client for Brite's merchant API (open-banking bank payments). Every call is
 * a POST with a JSON body and a bearer token from merchant.authorize. The
 * token is cached per client and renewed shortly before it expires; a 401
 * (token revoked or clocks disagree) gets exactly one retry with a new token.
 *
 * *Unverified* details, kept in one place each: `expires` as Unix seconds
 * (ISO strings also accepted), amounts as decimal kronor, customer fields as
 * `customer_<name>`, and 404 for "no session with that merchant reference".
 */
export interface BriteClientOptions {
  baseUrl: string;
  publicKey: string;
  secret: string;
  /** Brite can take a long time to answer; 65 s per the integration guide. */
  timeoutMs?: number;
  clock: Clock;
  logger?: Logger;
  /** Renew the token this long before it expires. */
  refreshMarginMs?: number;
}

export interface BriteToken {
  accessToken: string;
  refreshToken?: string;
  expiresAt: Date;
}

export type BriteCallbackSubscription = { url: string; session_state: number } | { url: string; transaction_state: number };

export interface DepositSessionParams {
  /** ISO country of the donor's bank, lower case as Brite writes it ("se"). */
  countryId?: string;
  amountOre: number;
  callbacks: BriteCallbackSubscription[];
  merchantReference: string;
  customer?: { firstname?: string; lastname?: string; email?: string; id?: string };
  /** Personnummer, when the donor gave it; lets the bank skip a question. */
  ssn?: string;
  locale?: string;
  redirectUri?: string;
}

export interface DepositSession {
  url: string;
  token: string;
  id: string;
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().optional(),
  expires: z.union([z.number(), z.string()]),
});

const depositSessionSchema = z.object({ url: z.string(), token: z.string(), id: z.string() });

export const briteSessionSchema = z.looseObject({
  id: z.string(),
  state: z.number().int(),
  merchant_reference: z.string().optional(),
  amount: z.number().optional(),
  transaction_id: z.string().nullish(),
  url: z.string().optional(),
  token: z.string().optional(),
});
export type BriteSession = z.infer<typeof briteSessionSchema>;

export const briteTransactionSchema = z.looseObject({
  id: z.string(),
  state: z.number().int(),
  amount: z.number().optional(),
  session_id: z.string().optional(),
  merchant_reference: z.string().optional(),
});
export type BriteTransaction = z.infer<typeof briteTransactionSchema>;

export class BriteApiError extends Error {
  constructor(
    readonly method: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`Brite ${method} answered ${status}`);
    this.name = "BriteApiError";
  }
}

export class BriteClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly logger: Logger;
  private readonly refreshMarginMs: number;
  private token?: BriteToken;
  /** Shared by concurrent callers so that one expiry causes one authorize call. */
  private authorizing?: Promise<BriteToken>;

  constructor(private readonly options: BriteClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/$/, "");
    this.timeoutMs = options.timeoutMs ?? 65_000;
    this.logger = options.logger ?? silentLogger;
    this.refreshMarginMs = options.refreshMarginMs ?? 60_000;
  }

  /** Fetches a new token and caches it. Called automatically; public for health checks. */
  async authorize(): Promise<BriteToken> {
    this.authorizing ??= this.fetchToken().finally(() => {
      this.authorizing = undefined;
    });
    return this.authorizing;
  }

  async createDepositSession(params: DepositSessionParams): Promise<DepositSession> {
    const body: Record<string, unknown> = {
      country_id: params.countryId ?? "se",
      amount: params.amountOre / 100,
      callbacks: params.callbacks,
      merchant_reference: params.merchantReference,
      ...(params.ssn ? { ssn: params.ssn } : {}),
      ...(params.locale ? { locale: params.locale } : {}),
      ...(params.redirectUri ? { redirect_uri: params.redirectUri } : {}),
    };
    for (const [key, value] of Object.entries(params.customer ?? {})) if (value) body[`customer_${key}`] = value;
    return depositSessionSchema.parse(await this.call("session.create_deposit", body));
  }

  async getSession(id: string): Promise<BriteSession | undefined> {
    const json = await this.call("session.get", { id }, { notFoundIsUndefined: true });
    return json === undefined ? undefined : briteSessionSchema.parse(json);
  }

  async getSessionByMerchantReference(merchantReference: string): Promise<BriteSession | undefined> {
    const json = await this.call("session.get_by_merchant_reference", { merchant_reference: merchantReference }, { notFoundIsUndefined: true });
    return json === undefined ? undefined : briteSessionSchema.parse(json);
  }

  async getTransaction(id: string): Promise<BriteTransaction | undefined> {
    const json = await this.call("transaction.get", { id }, { notFoundIsUndefined: true });
    return json === undefined ? undefined : briteTransactionSchema.parse(json);
  }

  private async validToken(): Promise<BriteToken> {
    const now = this.options.clock.now().getTime();
    if (this.token && this.token.expiresAt.getTime() - this.refreshMarginMs > now) return this.token;
    return this.authorize();
  }

  private async fetchToken(): Promise<BriteToken> {
    const res = await this.post("merchant.authorize", { public_key: this.options.publicKey, secret: this.options.secret });
    if (res.status !== 200) throw new BriteApiError("merchant.authorize", res.status, res.body);
    const parsed = tokenSchema.parse(parseJsonBody(res.body));
    this.token = {
      accessToken: parsed.access_token,
      ...(parsed.refresh_token ? { refreshToken: parsed.refresh_token } : {}),
      expiresAt: parseExpires(parsed.expires),
    };
    this.logger.debug({ expiresAt: this.token.expiresAt.toISOString() }, "brite: authorized");
    return this.token;
  }

  private async call(method: string, body: unknown, opts: { notFoundIsUndefined?: boolean } = {}): Promise<unknown> {
    let res = await this.post(method, body, (await this.validToken()).accessToken);
    if (res.status === 401) {
      this.logger.info({ method }, "brite: 401, retrying once with a new token");
      this.token = undefined;
      res = await this.post(method, body, (await this.authorize()).accessToken);
    }
    if (res.status === 404 && opts.notFoundIsUndefined) return undefined;
    if (res.status < 200 || res.status >= 300) throw new BriteApiError(method, res.status, res.body);
    return parseJsonBody(res.body);
  }

  private post(method: string, body: unknown, accessToken?: string) {
    return httpRequest({
      method: "POST",
      url: `${this.baseUrl}/api/${method}`,
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      },
      body: JSON.stringify(body),
      timeoutMs: this.timeoutMs,
    });
  }
}

function parseExpires(expires: number | string): Date {
  if (typeof expires === "number") return new Date(expires * 1000);
  return /^\d+(\.\d+)?$/.test(expires) ? new Date(Number(expires) * 1000) : new Date(expires);
}
