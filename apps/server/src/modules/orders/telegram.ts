import type { FastifyBaseLogger } from 'fastify';

export interface Notifier {
  /** Sends a message to the manager; never throws (a notice is not worth failing an order for). */
  notify(text: string): Promise<void>;
}

export interface TelegramOptions {
  botToken: string;
  chatId: string;
  /** https://api.telegram.org, or a local server in tests. */
  apiUrl: string;
  timeoutMs?: number;
}

/** Telegram Bot API `sendMessage` to the manager's chat. */
export function telegramNotifier(options: TelegramOptions, log: FastifyBaseLogger): Notifier {
  const url = `${options.apiUrl.replace(/\/+$/, '')}/bot${options.botToken}/sendMessage`;
  return {
    async notify(text) {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ chat_id: options.chatId, text, disable_web_page_preview: true }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        if (!res.ok) log.error({ status: res.status, body: await res.text() }, 'telegram notice refused');
        else await res.body?.cancel();
      } catch (error) {
        log.error({ err: error }, 'telegram notice failed');
      }
    },
  };
}

/** No Telegram configured: nothing to do. */
export const noNotifier: Notifier = { notify: async () => {} };
