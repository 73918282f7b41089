/**
 * The webhooks pages' routes, in the logged-in area beside API keys: list, create
 * (the signing secret shown once, in the response to the form that created
 * the endpoint, `Cache-Control: no-store`), an endpoint's delivery log (its
 * newest 50 attempts) with "Send test event" and "Resend", enable again,
 * and delete (with a confirmation; its queued deliveries go with it).
 *
 * Every POST passes the same-origin and CSRF checks (`protect`); forms work
 * without JavaScript; an endpoint that is not the user's (or is gone) is
 * "not found". URLs are checked by the address policy at creation (only
 * https, no private or reserved address literal, one line without control
 * characters) and stored as the URL parser writes them; they are checked
 * again, resolved, on every connection (webhook.address-guard.ts).
 *
 * Abuse: the cap on endpoints is counted under the user's row lock, and an
 * endpoint is created only while the session that asked still exists.
 * "Send test event", "Resend", "Enable again" and "Roll secret" are
 * throttled per endpoint and per account (webhook.throttle.ts, on the
 * shared limiter), and test events and resends are tried once.
 *
 * The pages' HTML is webhooks.pages.ts.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { logSecurityEvent } from "../accounts/security-events.ts";
import { requireLogin, requireSession, sessionOf } from "../accounts/session.plugin.ts";
import { sessionExists } from "../accounts/sessions.ts";
import { JURISDICTIONS } from "../dataset/jurisdictions.ts";
import { type Database, withUserLocked } from "../db/database.ts";
import { AppError } from "../errors.ts";
import type { Clock } from "../lib/clock.ts";
import {
  type Notice,
  type OwnedAct,
  ownedAction,
  ownedOr404,
  seeOther,
} from "../web/account-area.ts";
import { type FieldErrors, FormBody } from "../web/forms.ts";
import { type PagePluginOptions, sendHtml } from "../web/layout.ts";
import {
  type AddressPolicy,
  normalizeWebhookUrl,
  WEBHOOK_URL_MAX_LENGTH,
  webhookUrlProblem,
} from "./webhook.address-guard.ts";
import { FAIRNESS } from "./webhook.claim.ts";
import { enqueueTestEvent, resendDelivery } from "./webhook.enqueue.ts";
import { WEBHOOK_EVENT_TYPES } from "./webhook.events.ts";
import { ROTATION_OVERLAP_MS } from "./webhook.signing.ts";
import { type WebhookActionThrottle, webhookActionRefusal } from "./webhook.throttle.ts";
import {
  deleteEndpointPage,
  detailNotice,
  detailPage,
  eventField,
  listNotice,
  listPage,
  MAX_ENDPOINTS_PER_USER,
} from "./webhooks.pages.ts";
import {
  countWebhookEndpoints,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  enableWebhookEndpoint,
  findWebhookEndpointForUser,
  listDeliveryAttempts,
  listWebhookEndpoints,
  rotateWebhookSecret,
  type WebhookEndpoint,
} from "./webhooks.repository.ts";

/** Codes an endpoint may filter on: the 56 jurisdictions, and US for federal law. */
const JURISDICTION_CODES = new Set<string>([...JURISDICTIONS.map(([code]) => code), "US"]);

export type WebhooksPagesOptions = PagePluginOptions & {
  db: Database;
  clock: Clock;
  addressPolicy: AddressPolicy;
  /** A development server: a refused local receiver's error names the allow-list setting. */
  development: boolean;
  /** Asks this instance's dispatcher to look at the queue now (a test event or resend is waiting). */
  wakeDispatcher: () => void;
  /** Charges one action by hand (test, resend, enable, roll) to the endpoint and the account. */
  throttleAction: WebhookActionThrottle;
};

const CreateForm = FormBody({
  url: WEBHOOK_URL_MAX_LENGTH * 2,
  jurisdictions: 1000,
  nonce: 64,
  ...Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [eventField(type), 10])),
});
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const ResendParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  deliveryId: Type.String({ maxLength: 64 }),
});
const ListQuery = FormBody({ deleted: 5 });
const DetailQuery = FormBody({ sent: 5, resent: 5, enabled: 5 });

/** How an endpoint is named outside its own page (mails, headings of notices): its host. */
export function endpointHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(an endpoint with an invalid URL)";
  }
}

const NOT_FOUND = "You have no webhook endpoint with this id.";

const queueFullMessage = `${FAIRNESS.pendingPerEndpoint.toLocaleString("en-US")} deliveries are already waiting for this endpoint; nothing more is queued for it until they are sent or given up.`;

/** Parses the jurisdictions field: null for "all", a list, or an error message. */
export function parseJurisdictions(raw: string): string[] | null | { error: string } {
  const codes = raw
    .toUpperCase()
    .split(/[\s,;]+/)
    .filter((code) => code !== "");
  if (codes.length === 0) return null;
  const unknown = codes.filter((code) => !JURISDICTION_CODES.has(code));
  if (unknown.length > 0) {
    return {
      error: `Not a jurisdiction code: ${unknown.slice(0, 5).join(", ")}. Use USPS codes such as CA, NY, DC, PR, or US for federal law.`,
    };
  }
  return [...new Set(codes)];
}

export async function webhooksPages(
  instance: FastifyInstance,
  options: WebhooksPagesOptions,
): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { db, clock, pageContext } = options;
  const guards = [...options.protect, requireSession];
  const ownEndpoint = (userId: string, id: string) =>
    ownedOr404(findWebhookEndpointForUser(db, userId, id), NOT_FOUND);

  app.get(
    "/account/webhooks",
    { schema: { hide: true, querystring: ListQuery }, preHandler: requireLogin },
    async (request, reply) => {
      const endpoints = await listWebhookEndpoints(db, sessionOf(request).userId);
      const notice = listNotice(request.query);
      return sendHtml(reply, 200, listPage(pageContext(request, reply), { endpoints, notice }));
    },
  );

  app.post(
    "/account/webhooks",
    { schema: { hide: true, body: CreateForm }, preHandler: guards },
    async (request, reply) => {
      const session = sessionOf(request);
      const form = request.body as Record<string, string | undefined>;
      const typed = (form.url ?? "").trim();
      const eventTypes = WEBHOOK_EVENT_TYPES.filter((type) => form[eventField(type)] !== undefined);
      const render = async (
        status: number,
        notice: Notice,
        extra: { created?: { secret: string; url: string; id: string }; errors?: FieldErrors } = {},
      ) =>
        sendHtml(
          reply,
          status,
          listPage(pageContext(request, reply), {
            endpoints: await listWebhookEndpoints(db, session.userId),
            notice,
            ...(status >= 400 ? { values: form } : {}),
            ...extra,
          }),
        );
      const errors: Record<string, string> = {};
      const urlProblem = webhookUrlProblem(typed, options.addressPolicy, {
        development: options.development,
      });
      if (urlProblem !== null) errors.url = urlProblem;
      if (eventTypes.length === 0) errors.events = "Choose at least one event type.";
      const jurisdictions = parseJurisdictions(form.jurisdictions ?? "");
      if (jurisdictions !== null && !Array.isArray(jurisdictions))
        errors.jurisdictions = jurisdictions.error;
      if (Object.keys(errors).length > 0) return render(400, null, { errors });
      if (!/^[0-9a-f]{32}$/.test(form.nonce ?? "")) {
        return render(400, {
          kind: "error",
          message: "This form is out of date. Please submit it again.",
        });
      }
      const url = normalizeWebhookUrl(typed);
      // Counted and created under the user's row lock: concurrent requests
      // cannot pass the cap together.
      const result = await withUserLocked(db, session.userId, async (trx) => {
        if (!(await sessionExists(trx, session.idHash))) return "session_ended" as const;
        if ((await countWebhookEndpoints(trx, session.userId)) >= MAX_ENDPOINTS_PER_USER)
          return "at_cap" as const;
        return createWebhookEndpoint(trx, {
          userId: session.userId,
          url,
          eventTypes,
          jurisdictions: jurisdictions as string[] | null,
          nonce: form.nonce as string,
          nowIso: new Date(clock.now()).toISOString(),
        });
      });
      if (result === "session_ended") return seeOther(reply, "/login");
      if (result === "at_cap") {
        return render(409, {
          kind: "error",
          message: `You already have ${MAX_ENDPOINTS_PER_USER} endpoints. Delete one first.`,
        });
      }
      if (result === null) {
        return render(409, {
          kind: "error",
          message:
            "This form was already submitted. The endpoint it created is listed below; its secret cannot be shown again.",
        });
      }
      logSecurityEvent(request, "webhook_endpoint_created", {
        userId: session.userId,
        webhook_endpoint_id: result.endpoint.id,
      });
      return render(201, null, {
        created: { secret: result.secret, url, id: result.endpoint.id },
      });
    },
  );

  /** The endpoint's page with an error notice (a refused action), and that status. */
  const detailError = async (
    request: FastifyRequest,
    reply: FastifyReply,
    endpoint: WebhookEndpoint,
    status: number,
    message: string,
  ) =>
    sendHtml(
      reply,
      status,
      detailPage(
        pageContext(request, reply),
        endpoint,
        await listDeliveryAttempts(db, endpoint.id),
        { kind: "error", message },
        clock.now(),
      ),
    );

  /**
   * An action by hand on one of the user's endpoints (test, resend, enable,
   * roll): charged to the endpoint and the account before it acts; on
   * refusal, 429 with Retry-After on the endpoint's page.
   */
  const endpointAction = <Params extends typeof IdParams | typeof ResendParams>(
    path: string,
    params: Params,
    act: OwnedAct<Params, WebhookEndpoint>,
    refuse: (endpoint: WebhookEndpoint) => AppError | null = () => null,
  ) =>
    ownedAction(
      app,
      path,
      {
        params,
        guards,
        find: async (request, { id }) => {
          const endpoint = await ownEndpoint(sessionOf(request).userId, id);
          const refusal = refuse(endpoint);
          if (refusal !== null) throw refusal;
          return endpoint;
        },
        admit: async (request, reply, endpoint) => {
          const decision = await options.throttleAction(endpoint.userId, endpoint.id, clock.now());
          if (decision.allowed) return true;
          reply.header("retry-after", String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
          logSecurityEvent(request, "webhook_action_throttled", {
            userId: endpoint.userId,
            webhook_endpoint_id: endpoint.id,
          });
          await detailError(
            request,
            reply,
            endpoint,
            429,
            webhookActionRefusal(decision.retryAfterMs),
          );
          return false;
        },
      },
      act,
    );

  app.get(
    "/account/webhooks/:id",
    {
      schema: { hide: true, params: IdParams, querystring: DetailQuery },
      preHandler: requireLogin,
    },
    async (request, reply) => {
      const endpoint = await ownEndpoint(sessionOf(request).userId, request.params.id);
      const attempts = await listDeliveryAttempts(db, endpoint.id);
      const notice = detailNotice(request.query);
      return sendHtml(
        reply,
        200,
        detailPage(pageContext(request, reply), endpoint, attempts, notice, clock.now()),
      );
    },
  );

  endpointAction(
    "/account/webhooks/:id/test",
    IdParams,
    async (request, reply, endpoint) => {
      if (!(await enqueueTestEvent(db, endpoint.id, clock))) {
        return detailError(request, reply, endpoint, 409, queueFullMessage);
      }
      options.wakeDispatcher();
      return seeOther(reply, `/account/webhooks/${endpoint.id}?sent=1`);
    },
    (endpoint) =>
      endpoint.disabledAt === null
        ? null
        : new AppError("not_found", "This endpoint is disabled; enable it first."),
  );

  endpointAction(
    "/account/webhooks/:id/deliveries/:deliveryId/resend",
    ResendParams,
    async (request, reply, endpoint, params) => {
      const queued = await resendDelivery(db, {
        userId: endpoint.userId,
        endpointId: endpoint.id,
        deliveryId: params.deliveryId,
        nowMs: clock.now(),
      });
      if (!queued) {
        return detailError(
          request,
          reply,
          endpoint,
          409,
          `This delivery cannot be resent now: it is being delivered, the endpoint is disabled, or ${FAIRNESS.pendingPerEndpoint.toLocaleString("en-US")} deliveries are already waiting for it.`,
        );
      }
      options.wakeDispatcher();
      return seeOther(reply, `/account/webhooks/${endpoint.id}?resent=1`);
    },
  );

  endpointAction("/account/webhooks/:id/enable", IdParams, async (_request, reply, endpoint) => {
    await ownedOr404(enableWebhookEndpoint(db, endpoint.userId, endpoint.id), NOT_FOUND);
    return seeOther(reply, `/account/webhooks/${endpoint.id}?enabled=1`);
  });

  endpointAction("/account/webhooks/:id/secret", IdParams, async (request, reply, endpoint) => {
    const secret = await ownedOr404(
      rotateWebhookSecret(db, {
        userId: endpoint.userId,
        id: endpoint.id,
        nowMs: clock.now(),
        overlapMs: ROTATION_OVERLAP_MS,
      }),
      NOT_FOUND,
    );
    logSecurityEvent(request, "webhook_secret_rotated", {
      userId: endpoint.userId,
      webhook_endpoint_id: endpoint.id,
    });
    const rotated = await ownEndpoint(endpoint.userId, endpoint.id);
    return sendHtml(
      reply.header("cache-control", "no-store"),
      200,
      detailPage(
        pageContext(request, reply),
        rotated,
        await listDeliveryAttempts(db, endpoint.id),
        null,
        clock.now(),
        secret,
      ),
    );
  });

  app.get(
    "/account/webhooks/:id/delete",
    { schema: { hide: true, params: IdParams }, preHandler: requireLogin },
    async (request, reply) => {
      const endpoint = await ownEndpoint(sessionOf(request).userId, request.params.id);
      return sendHtml(reply, 200, deleteEndpointPage(pageContext(request, reply), endpoint));
    },
  );

  app.post(
    "/account/webhooks/:id/delete",
    { schema: { hide: true, params: IdParams, body: FormBody({}) }, preHandler: guards },
    async (request, reply) => {
      const session = sessionOf(request);
      const id = request.params.id;
      await ownedOr404(deleteWebhookEndpoint(db, session.userId, id), NOT_FOUND);
      logSecurityEvent(request, "webhook_endpoint_deleted", {
        userId: session.userId,
        webhook_endpoint_id: id,
      });
      return seeOther(reply, "/account/webhooks?deleted=1");
    },
  );
}
