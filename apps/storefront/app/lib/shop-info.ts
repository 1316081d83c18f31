/** The demo shop's contacts; visible labels and addresses live in the translations. */
export const shopInfo = {
  /** The name the shop goes by in titles, link previews and structured data. */
  name: 'kram',
  phones: ['+380671234567', '+380501234567', '+380931234567'],
  email: 'info@kram.example',
  social: {
    facebook: 'https://www.facebook.com/',
    instagram: 'https://www.instagram.com/',
    telegram: 'https://t.me/',
  },
} as const;

/** +380671234567 → +38 (067) 123-45-67 */
export function displayPhone(phone: string): string {
  const m = /^\+38(0\d{2})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return m ? `+38 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : phone;
}
