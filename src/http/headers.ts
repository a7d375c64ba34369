// Headers every response carries: CORS for a public feed, and security
// headers that cost nothing.
export const COMMON_HEADERS = {
  "access-control-allow-origin": "*",
  // ETag is not a CORS-safelisted response header; scripts need it to revalidate.
  "access-control-expose-headers": "ETag",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
} as const;
