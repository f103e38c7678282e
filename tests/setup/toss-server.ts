import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A local server that speaks Toss Payments' v1 payment API with state, for the adapter's contract test: Basic auth
// with the secret key, payments kept by key and by order id, confirm and cancel (full and partial) with the gateway's
// codes and messages, and Idempotency-Key as the gateway documents it (the first answer replayed; a duplicate while
// the first is still running answered 409). Faults are queued by the test and taken by the next API request.

type TossStatus =
  | "READY"
  | "IN_PROGRESS"
  | "WAITING_FOR_DEPOSIT"
  | "DONE"
  | "CANCELED"
  | "PARTIAL_CANCELED"
  | "ABORTED"
  | "EXPIRED";

interface FakeCancel {
  transactionKey: string;
  cancelReason: string;
  cancelAmount: number;
  canceledAt: string;
  refundableAmount: number;
}

interface FakePayment {
  paymentKey: string;
  orderId: string;
  orderName: string;
  status: TossStatus;
  totalAmount: number;
  balanceAmount: number;
  requestedAt: string;
  approvedAt: string | null;
  lastTransactionKey: string | null;
  /** How the card in the payment window answers the confirmation. */
  card: "approves" | "rejects";
  failure: { code: string; message: string } | null;
  cancels: FakeCancel[];
}

type TossFault =
  /** Answer this instead of doing anything. */
  | { kind: "error"; status: number; body: string }
  /** Never answer, and do nothing. */
  | { kind: "hang" }
  /** Do the work, then answer only after `ms`. */
  | { kind: "answer-late"; ms: number }
  /** Keep the request's idempotency key "in progress" for `ms` before doing the work. */
  | { kind: "hold"; ms: number };

interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

interface Answer {
  status: number;
  body: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Toss Payments writes times in Korea's offset: 2024-05-09T11:09:30+09:00. */
function seoulTime(date = new Date()): string {
  return `${new Date(date.getTime() + 9 * 3_600_000).toISOString().slice(0, 19)}+09:00`;
}

function randomKey(length: number): string {
  return randomBytes(length).toString("base64url").replace(/[-_]/g, "0").slice(0, length);
}

const error = (status: number, code: string, message: string): Answer => ({
  status,
  body: { code, message },
});

/** The Payment object as the API sends it (version 2022-11-16), with nulls where a card payment has none. */
function paymentJson(payment: FakePayment) {
  const done = payment.approvedAt !== null;
  return {
    mId: "tosspayments",
    lastTransactionKey: payment.lastTransactionKey,
    paymentKey: payment.paymentKey,
    orderId: payment.orderId,
    orderName: payment.orderName,
    taxExemptionAmount: 0,
    status: payment.status,
    requestedAt: payment.requestedAt,
    approvedAt: payment.approvedAt,
    useEscrow: false,
    cultureExpense: false,
    card: done
      ? {
          issuerCode: "71",
          acquirerCode: "71",
          number: "43301234****123*",
          installmentPlanMonths: 0,
          isInterestFree: false,
          interestPayer: null,
          approveNo: "00000000",
          useCardPoint: false,
          cardType: "신용",
          ownerType: "개인",
          acquireStatus: "READY",
          amount: payment.totalAmount,
        }
      : null,
    virtualAccount: null,
    transfer: null,
    mobilePhone: null,
    giftCertificate: null,
    cashReceipt: null,
    cashReceipts: null,
    discount: null,
    cancels:
      payment.cancels.length === 0
        ? null
        : payment.cancels.map((cancel) => ({
            transactionKey: cancel.transactionKey,
            cancelReason: cancel.cancelReason,
            taxExemptionAmount: 0,
            canceledAt: cancel.canceledAt,
            easyPayDiscountAmount: 0,
            receiptKey: null,
            cancelAmount: cancel.cancelAmount,
            taxFreeAmount: 0,
            refundableAmount: cancel.refundableAmount,
            cancelStatus: "DONE",
            cancelRequestId: null,
          })),
    secret: null,
    type: "NORMAL",
    easyPay: null,
    country: "KR",
    failure: payment.failure,
    isPartialCancelable: true,
    receipt: done
      ? {
          url: `https://dashboard.tosspayments.com/receipt/redirection?transactionId=${payment.paymentKey}&ref=PX`,
        }
      : null,
    checkout: { url: `https://api.tosspayments.com/v1/payments/${payment.paymentKey}/checkout` },
    currency: "KRW",
    totalAmount: payment.totalAmount,
    balanceAmount: payment.balanceAmount,
    suppliedAmount: Math.round(payment.balanceAmount / 1.1),
    vat: payment.balanceAmount - Math.round(payment.balanceAmount / 1.1),
    taxFreeAmount: 0,
    method: done ? "카드" : null,
    version: "2022-11-16",
    metadata: null,
  };
}

/** Starts the fake on a free port of 127.0.0.1; its payments, the requests it saw and its faults are the test's. */
export async function startFakeToss(options: { secretKey: string }) {
  const credentials = `Basic ${Buffer.from(`${options.secretKey}:`).toString("base64")}`;
  const state = {
    payments: new Map<string, FakePayment>(),
    requests: [] as Recorded[],
    faults: [] as TossFault[],
    /** Payments confirmed, counted once each, however often a confirm was replayed. */
    confirmations: 0,
  };
  /** First answers by idempotency key (with the API key, method and path, as the gateway scopes them). */
  const idempotent = new Map<string, "processing" | Answer>();

  function byOrderId(orderId: string) {
    return [...state.payments.values()].find((payment) => payment.orderId === orderId);
  }

  function confirm(body: Record<string, unknown>): Answer {
    const { paymentKey, orderId, amount } = body;
    if (typeof paymentKey !== "string" || typeof orderId !== "string" || typeof amount !== "number")
      return error(400, "INVALID_REQUEST", "잘못된 요청입니다.");
    const payment = state.payments.get(paymentKey);
    if (!payment) return error(404, "NOT_FOUND_PAYMENT", "존재하지 않는 결제 정보 입니다.");
    if (payment.orderId !== orderId || payment.totalAmount !== amount)
      return error(400, "INVALID_REQUEST", "잘못된 요청입니다.");
    if (["DONE", "CANCELED", "PARTIAL_CANCELED"].includes(payment.status))
      return error(400, "ALREADY_PROCESSED_PAYMENT", "이미 처리된 결제 입니다.");
    if (payment.status !== "IN_PROGRESS")
      return error(
        404,
        "NOT_FOUND_PAYMENT_SESSION",
        "결제 시간이 만료되어 결제 진행 데이터가 존재하지 않습니다.",
      );
    if (payment.card === "rejects") {
      const failure = {
        code: "REJECT_CARD_PAYMENT",
        message: "한도초과 혹은 잔액부족으로 결제에 실패했습니다.",
      };
      payment.status = "ABORTED";
      payment.failure = failure;
      return error(403, failure.code, failure.message);
    }
    payment.status = "DONE";
    payment.approvedAt = seoulTime();
    payment.lastTransactionKey = randomKey(32).toUpperCase();
    state.confirmations += 1;
    return { status: 200, body: paymentJson(payment) };
  }

  function cancel(paymentKey: string, body: Record<string, unknown>): Answer {
    const { cancelReason, cancelAmount } = body;
    if (typeof cancelReason !== "string" || cancelReason.trim() === "")
      return error(400, "INVALID_REQUEST", "잘못된 요청입니다.");
    if (cancelAmount !== undefined && typeof cancelAmount !== "number")
      return error(400, "INVALID_REQUEST", "잘못된 요청입니다.");
    const payment = state.payments.get(paymentKey);
    if (!payment) return error(404, "NOT_FOUND_PAYMENT", "존재하지 않는 결제 정보 입니다.");
    if (payment.status === "CANCELED")
      return error(400, "ALREADY_CANCELED_PAYMENT", "이미 취소된 결제 입니다.");
    if (payment.status !== "DONE" && payment.status !== "PARTIAL_CANCELED")
      return error(403, "NOT_CANCELABLE_PAYMENT", "취소 할 수 없는 결제 입니다.");
    const amount = cancelAmount ?? payment.balanceAmount;
    if (!Number.isInteger(amount) || amount <= 0 || amount > payment.balanceAmount)
      return error(403, "NOT_CANCELABLE_AMOUNT", "취소 할 수 없는 금액 입니다.");
    payment.balanceAmount -= amount;
    payment.status = payment.balanceAmount === 0 ? "CANCELED" : "PARTIAL_CANCELED";
    payment.lastTransactionKey = randomKey(32).toUpperCase();
    payment.cancels.push({
      transactionKey: payment.lastTransactionKey,
      cancelReason,
      cancelAmount: amount,
      canceledAt: seoulTime(),
      refundableAmount: payment.balanceAmount,
    });
    return { status: 200, body: paymentJson(payment) };
  }

  function route(method: string, path: string, body: Record<string, unknown>): Answer {
    if (method === "POST" && path === "/v1/payments/confirm") return confirm(body);
    const cancelPath = /^\/v1\/payments\/([^/]+)\/cancel$/.exec(path);
    if (method === "POST" && cancelPath) return cancel(decodeURIComponent(cancelPath[1]!), body);
    const orderPath = /^\/v1\/payments\/orders\/([^/]+)$/.exec(path);
    if (method === "GET" && orderPath) {
      const payment = byOrderId(decodeURIComponent(orderPath[1]!));
      return payment
        ? { status: 200, body: paymentJson(payment) }
        : error(404, "NOT_FOUND_PAYMENT", "존재하지 않는 결제 정보 입니다.");
    }
    const keyPath = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (method === "GET" && keyPath) {
      const payment = state.payments.get(decodeURIComponent(keyPath[1]!));
      return payment
        ? { status: 200, body: paymentJson(payment) }
        : error(404, "NOT_FOUND_PAYMENT", "존재하지 않는 결제 정보 입니다.");
    }
    return error(404, "NOT_FOUND", "존재하지 않는 정보 입니다.");
  }

  function send(res: http.ServerResponse, answer: Answer) {
    if (res.destroyed || res.writableEnded) return;
    res.writeHead(answer.status, { "Content-Type": "application/json" }).end(JSON.stringify(answer.body));
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, text: string) {
    const method = req.method ?? "";
    const path = (req.url ?? "/").split("?")[0]!;
    let body: unknown = text;
    try {
      body = text === "" ? {} : JSON.parse(text);
    } catch {
      // recorded as text
    }
    state.requests.push({ method, path, headers: req.headers, body });

    const authorization = req.headers.authorization ?? "";
    if (authorization !== credentials) {
      const encoded = /^Basic (.+)$/.exec(authorization)?.[1];
      const decoded = encoded ? Buffer.from(encoded, "base64").toString("utf8") : "";
      return send(
        res,
        encoded && !decoded.endsWith(":")
          ? error(403, "INCORRECT_BASIC_AUTH_FORMAT", "잘못된 요청입니다. ':' 를 포함해 인코딩해주세요.")
          : error(401, "UNAUTHORIZED_KEY", "인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다."),
      );
    }

    const fault = state.faults.shift();
    if (fault?.kind === "hang") return;
    if (fault?.kind === "error") {
      if (!res.destroyed) res.writeHead(fault.status, { "Content-Type": "application/json" }).end(fault.body);
      return;
    }

    const key = req.headers["idempotency-key"];
    const scope =
      typeof key === "string" && method === "POST" ? `${authorization} ${method} ${path} ${key}` : null;
    if (scope !== null && key!.length > 300)
      return send(res, error(400, "INVALID_IDEMPOTENCY_KEY", "멱등키는 300자 이하여야 합니다."));
    if (scope !== null) {
      const first = idempotent.get(scope);
      if (first === "processing")
        return send(res, error(409, "IDEMPOTENT_REQUEST_PROCESSING", "이전 멱등 요청이 처리중입니다."));
      if (first) return send(res, first);
      idempotent.set(scope, "processing");
    }
    if (fault?.kind === "hold") await sleep(fault.ms);

    const answer = route(
      method,
      path,
      typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {},
    );
    if (scope !== null) idempotent.set(scope, answer);
    if (fault?.kind === "answer-late") await sleep(fault.ms);
    send(res, answer);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => void handle(req, res, Buffer.concat(chunks).toString("utf8")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));

  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /**
     * A payment as the browser's payment window leaves it: the customer authenticated, the payment IN_PROGRESS and
     * waiting for the server's confirmation. Returns its key, as the success URL would carry it.
     */
    authorise(order: { orderId: string; amount: number; orderName?: string; card?: FakePayment["card"] }) {
      const paymentKey = `tgen_${randomKey(40)}`;
      state.payments.set(paymentKey, {
        paymentKey,
        orderId: order.orderId,
        orderName: order.orderName ?? "정비 상담 1회",
        status: "IN_PROGRESS",
        totalAmount: order.amount,
        balanceAmount: order.amount,
        requestedAt: seoulTime(),
        approvedAt: null,
        lastTransactionKey: null,
        card: order.card ?? "approves",
        failure: null,
        cancels: [],
      });
      return paymentKey;
    },
    /** The body of the PAYMENT_STATUS_CHANGED webhook the gateway would send about a payment now. */
    webhookBody(paymentKey: string) {
      const payment = state.payments.get(paymentKey);
      if (!payment) throw new Error(`no payment ${paymentKey}`);
      return JSON.stringify({
        eventType: "PAYMENT_STATUS_CHANGED",
        // Korea's local time without an offset, to the microsecond: 2026-01-02T14:46:59.653270.
        createdAt: `${seoulTime().slice(0, 19)}.${String(Date.now() % 1000).padStart(3, "0")}000`,
        data: paymentJson(payment),
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
