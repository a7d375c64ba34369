// Headers every response carries: CORS for a public feed, and security
// headers that cost nothing. Responses are built with them from the start;
// the edge adds them only to the few made elsewhere (304, 204).

export const COMMON_HEADERS = {
  "access-control-allow-origin": "*",
  // ETag is not a CORS-safelisted response header; scripts need it to revalidate.
  "access-control-expose-headers": "ETag",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
} as const;

export function withCommonHeaders(response: Response): Response {
  if (response.headers.has("x-content-type-options")) return response;
  for (const [name, value] of Object.entries(COMMON_HEADERS)) response.headers.set(name, value);
  return response;
}
