/**
 * Which requests are the API's: `/v1` and everything below it, with or
 * without a query string (`/v1`, `/v1/states`, `/v1?x`) — never a path that
 * merely starts with the same letters (`/v10`, `/v1beta`). The API answers
 * JSON only, carries no session and has its own limit and headers; every
 * part that asks "is this an API request?" asks here.
 *
 * Bounds: ground floor — a pure function of the request URL.
 */

/** True for the API's URLs (`/v1` and below); `url` may carry a query string. */
export function isApiPath(url: string): boolean {
  return url.startsWith("/v1") && (url.length === 3 || url[3] === "/" || url[3] === "?");
}
