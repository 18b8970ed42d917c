/**
 * Does a message ask for money or a transfer? The one list of patterns (English and Spanish) behind the warning the
 * receiver sees next to such a message. It only warns: nothing is blocked or hidden, so a pattern may
 * err towards warning. Each pattern is a phrase a romance scam uses, not a lone word like "money" (which every
 * talk of weddings and jobs has); money-request.test.ts holds the hits and non-hits.
 */

/** Text compared without accents or case, so "transferencia", "TRANSFERÉNCIA" and "tranferencia" all read alike. */
function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

const PATTERNS: readonly RegExp[] = [
  // Transfer services and payment apps, by name.
  /\bwestern\s*union\b/,
  /\bmoney\s*gram\b/,
  /\bzelle\b/,
  /\bvenmo\b/,
  /\bcash\s*app\b/,
  /\bpaypal\b/,
  /\bremitly\b/,
  /\bwise\.com\b|\btransferwise\b/,
  /\bbizum\b/,
  // Gift cards and vouchers.
  /\bgift\s*cards?\b/,
  /\b(itunes|google\s*play|steam|amazon|apple)\s*(gift\s*)?cards?\b/,
  /\btarjetas?\s*(de\s*)?regalo\b/,
  // Crypto.
  /\b(bitcoin|btc|crypto|cryptocurrency|usdt|ethereum|binance)\b/,
  /\b(criptomonedas?|cripto)\b/,
  // Wires and bank details.
  /\bwire\s*(transfer|me|the|money|funds)\b/,
  /\bbank\s*(transfer|details|account|info)\b/,
  /\b(routing|account|iban|swift)\s*(number|no\.?|code)\b/,
  /\biban\b/,
  /\btransferencias?\b/,
  /\b(deposito|depositar|depositame|deposita)\b/,
  /\b(cuenta\s*bancaria|datos\s*bancarios|numero\s*de\s*cuenta|clabe)\b/,
  /\bgiro\s*(postal|bancario)?\b/,
  // Asking outright.
  /\b(send|lend|loan|give)\s*(me\s*)?(some\s*)?(\$\s*\d|(money|cash|funds|\d+\s*(dollars|usd|euros))\b)/,
  /\b(need|needs)\s*(some\s*)?(money|cash|funds)\b/,
  /\b(envia|enviame|mandame|manda|presta|prestame|prestar)\s*(me\s*)?(algo\s*de\s*|el\s*|un\s*poco\s*de\s*)?(dinero|plata|efectivo|pesos|dolares|euros)\b/,
  /\b(necesito|necesita)\s*(algo\s*de\s*|un\s*poco\s*de\s*)?(dinero|plata)\b/,
];

export function asksForMoney(text: string): boolean {
  const plain = normalize(text);
  return PATTERNS.some((pattern) => pattern.test(plain));
}
