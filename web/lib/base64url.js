// base64url (RFC 4648 §5, no padding): links carry bytes (a deflated state) or text (an exercise set) in it.

export function encodeBytes(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes; throws (a DOMException) when the text is not base64url. */
export function decodeBytes(text) {
  const s = text.trim().replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(s + '==='.slice((s.length + 3) % 4)), (c) => c.charCodeAt(0));
}

export const encodeText = (text) => encodeBytes(new TextEncoder().encode(text));

/** The UTF-8 text; throws when the text is not base64url or its bytes not UTF-8. */
export const decodeText = (text) => new TextDecoder('utf-8', { fatal: true }).decode(decodeBytes(text));
