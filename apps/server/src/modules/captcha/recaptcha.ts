import { z } from 'zod';

const siteverifyAnswer = z.object({ success: z.boolean(), 'error-codes': z.array(z.string()).optional() });

export type RecaptchaResult = { ok: true } | { ok: false; errors: string[] };

/**
 * Google's siteverify protocol: a form-encoded POST of the secret and the widget's token (the
 * optional shopper's address is not sent: the shop keeps client addresses to itself). Throws when the service cannot be asked; answers whether the token passed.
 */
export async function verifyRecaptcha(
  options: { verifyUrl: string; secret: string; timeoutMs?: number },
  token: string,
): Promise<RecaptchaResult> {
  const response = await fetch(options.verifyUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ secret: options.secret, response: token }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
  });
  if (!response.ok) throw new Error(`reCAPTCHA siteverify answered HTTP ${response.status}`);
  const answer = siteverifyAnswer.parse(await response.json());
  return answer.success ? { ok: true } : { ok: false, errors: answer['error-codes'] ?? [] };
}
