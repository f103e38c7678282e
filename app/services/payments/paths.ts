/**
 * Where the gateway's payment window returns a meeting's payment to (ADR 061): same-origin paths, under `/en` for an
 * English page (`localizePath`). The success address confirms the order; the fail address closes it.
 */
export const PAY_SUCCESS_PATH = "/meeting/pay/success";
export const PAY_FAIL_PATH = "/meeting/pay/fail";
