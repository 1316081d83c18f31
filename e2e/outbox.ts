import fs from 'node:fs';
import path from 'node:path';

/** The parts of a mail as text: quoted-printable and base64 bodies decoded. */
function mailTexts(raw: string): string[] {
  const texts = [
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
  ];
  for (const part of raw.matchAll(
    /Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g,
  )) {
    texts.push(Buffer.from(part[1] ?? '', 'base64').toString('utf8'));
  }
  return texts;
}

/** Every mail to `email` in the server's outbox (no SMTP in tests), newest first, as decoded text. */
export function mailsTo(email: string): string[] {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  if (!fs.existsSync(outbox)) return [];
  const files = fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse();
  const to = new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi');
  return files
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    .filter((raw) => to.test(raw))
    .map((raw) => mailTexts(raw).join('\n'));
}
